export * from "./envelopes.ts";
export * from "./error-codes.ts";
export * from "./events.ts";
export * from "./resources.ts";
export * from "./service.ts";
export * from "./shapes.ts";
export * from "./validate.ts";
