export * from "./estimate.ts";
export * from "./execute.ts";
export * from "./hold-words.ts";
export * from "./plan.ts";
export * from "./result-cache.ts";
export * from "./sweeper.ts";
