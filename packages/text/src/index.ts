export * from "./compact-count.ts";
export * from "./dates.ts";
export * from "./duration.ts";
export * from "./url.ts";
export * from "./whitespace.ts";
