export * from "./app.ts";
export * from "./balances.ts";
export * from "./deps.ts";
export * from "./gateway.ts";
