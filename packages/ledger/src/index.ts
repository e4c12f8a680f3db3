export * from "./account-reads.ts";
export * from "./accounts.ts";
export * from "./api-keys.ts";
export * from "./client.ts";
export * from "./credits.ts";
export * from "./fence.ts";
export {
  IDEMPOTENCY_TTL_SECONDS,
  IdempotencyKeys,
  type IdempotencyRecord,
  type IdempotencyRef,
  idempotencyKeyOf,
} from "./idempotency.ts";
export * from "./key-cache.ts";
export * from "./key-use.ts";
export * from "./keys.ts";
export * from "./ledger.ts";
export * from "./migrate.ts";
export * from "./page-cursor.ts";
export * from "./partitions.ts";
export type { ChargedCall, RequestChannel, RequestLogInput } from "./request-log-input.ts";
export * from "./request-log-writer.ts";
export * from "./service-stats.ts";
export * from "./stats.ts";
export * from "./usage.ts";
export * from "./usage-reads.ts";
