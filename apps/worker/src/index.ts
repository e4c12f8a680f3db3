export * from "./worker.ts";
