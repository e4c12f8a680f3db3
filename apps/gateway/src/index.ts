export * from "./app.ts";
export * from "./balances.ts";
export * from "./deps.ts";
export * from "./env.ts";
export * from "./gateway.ts";
