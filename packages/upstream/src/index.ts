export * from "./client.ts";
export * from "./origins.ts";
