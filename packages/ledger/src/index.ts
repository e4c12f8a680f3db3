export {
  accountQuerySchema,
  dailyUsageQuerySchema,
  instantInRange,
  ledgerQuerySchema,
  usageQuerySchema,
} from "./account-params.ts";
export { readAccountSummary } from "./account-reads.ts";
export { accountResource, dailyUsageResource, ledgerPage, usagePage } from "./account-resources.ts";
export { LedgerAccounts } from "./accounts.ts";
export { createPrismaClient, Prisma, type PrismaClient, sqlPool, utcTimestamp } from "./client.ts";
export { type ChargeResult, insufficientCredits, type LedgerEntryRow } from "./credits.ts";
export { FENCE_NOTE, type FenceResult, isFenceEntry } from "./fence.ts";
export {
  IDEMPOTENCY_TTL_SECONDS,
  IdempotencyKeys,
  type IdempotencyRecord,
  type IdempotencyRef,
  idempotencyKeyOf,
} from "./idempotency.ts";
export { KeyCache, revokeApiKeyEverywhere } from "./key-cache.ts";
export { KeyUseRecorder } from "./key-use.ts";
export { type AuthResult, Ledger, type Principal, SIGNUP_GRANT } from "./ledger.ts";
export { applyMigrations, databaseExists, dropDatabase, ensureDatabase } from "./migrate.ts";
export { decodePageCursor, encodePageCursor } from "./page-cursor.ts";
export {
  ledgerEntryPartitions,
  maintainPartitions,
  monthStart,
  type PartitionedTable,
  requestLogPartitions,
  startPartitionMaintenance,
} from "./partitions.ts";
export type { ChargedCall, RequestChannel } from "./request-log-input.ts";
export { RequestLogWriter, writeRequestLogs } from "./request-log-writer.ts";
export type { OperationStats } from "./service-stats.ts";
export { LedgerStats } from "./stats.ts";
export type { DailyUsageRow, PagePosition, RequestLogFilter, RequestLogRow } from "./usage.ts";
export { LedgerUsage } from "./usage-reads.ts";
