export * from "./app.ts";
export * from "./deps.ts";
export * from "./gateway.ts";
