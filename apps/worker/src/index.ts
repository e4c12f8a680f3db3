export * from "./env.ts";
export * from "./worker.ts";
