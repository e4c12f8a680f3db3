export * from "./calls.ts";
export * from "./run.ts";
export * from "./status.ts";
