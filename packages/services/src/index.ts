export * from "./services.ts";
