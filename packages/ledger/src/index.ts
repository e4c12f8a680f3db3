export * from "./client.ts";
export * from "./credits.ts";
export * from "./keys.ts";
export * from "./ledger.ts";
export * from "./migrate.ts";
export * from "./page-cursor.ts";
export * from "./service-stats.ts";
export * from "./usage.ts";
