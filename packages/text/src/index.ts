export * from "./compact-count.ts";
export * from "./country.ts";
export * from "./dates.ts";
export * from "./duration.ts";
export * from "./html-text.ts";
export * from "./relative-time.ts";
export * from "./url.ts";
export * from "./whitespace.ts";
