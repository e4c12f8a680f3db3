export * from "./har.ts";
export * from "./match.ts";
export * from "./server.ts";
