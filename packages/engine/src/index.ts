export * from "./execute.ts";
export * from "./result-cache.ts";
