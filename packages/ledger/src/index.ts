export * from "./client.ts";
export * from "./key-cache.ts";
export * from "./keys.ts";
export * from "./ledger.ts";
export * from "./log-text.ts";
export * from "./migrate.ts";
export * from "./request-log-writer.ts";
