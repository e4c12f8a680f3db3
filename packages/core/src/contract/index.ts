export * from "./envelopes.ts";
export * from "./error-codes.ts";
export * from "./shapes.ts";
export * from "./validate.ts";
