export * from "./bridge.ts";
export * from "./connection.ts";
export * from "./job.ts";
export * from "./job-catalog.ts";
export * from "./job-schemas.ts";
export * from "./reply.ts";
export * from "./spans.ts";
export * from "./worker.ts";
