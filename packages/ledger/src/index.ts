export {
  accountQuerySchema,
  dailyUsageQuerySchema,
  instantInRange,
  ledgerQuerySchema,
  usageQuerySchema,
} from "./account-params.ts";
export {
  type AccountSummary,
  readAccountSummary,
  readBalance,
  readBalances,
  readOwnAccountSummary,
} from "./account-reads.ts";
export { accountResource, dailyUsageResource, ledgerPage, usagePage } from "./account-resources.ts";
export {
  type AccountCredits,
  LedgerAccounts,
  type SignedUpAccount,
  type SignInRecord,
  type SignUpResult,
} from "./accounts.ts";
export { type ApiKeyListItem, type CreatedApiKey, LedgerKeys } from "./api-keys.ts";
export { createPrismaClient, Prisma, type PrismaClient, sqlPool, utcTimestamp } from "./client.ts";
export {
  type ChargeResult,
  type CreditStatement,
  insufficientCredits,
  insufficientFor,
  isUniqueViolation,
  type LedgerEntryRow,
  RELEASE,
  RESERVE,
  RESERVE_RAISE,
  type ReservationRow,
  type ReserveInput,
  runStatement,
  SETTLE,
  type SettleInput,
  type SettleRow,
  SWEEP,
} from "./credits.ts";
export { FENCE_NOTE, type FenceInput, type FenceResult, fenceCall, isFenceEntry } from "./fence.ts";
export {
  IDEMPOTENCY_TTL_SECONDS,
  IdempotencyKeys,
  type IdempotencyRecord,
  type IdempotencyRef,
  idempotencyKeyOf,
} from "./idempotency.ts";
export {
  KeyCache,
  type KeyCacheOptions,
  keyInvalidationChannel,
  revokeApiKeyEverywhere,
} from "./key-cache.ts";
export { KEY_USE_FLUSH_MS, KeyUseRecorder } from "./key-use.ts";
export { hashApiKey, keyStart } from "./keys.ts";
export { type AccountRow, type AuthResult, Ledger, type Principal, SIGNUP_GRANT } from "./ledger.ts";
export {
  applyMigrations,
  databaseExists,
  dropDatabase,
  ensureDatabase,
  type LocalMigration,
  MIGRATIONS_DIR,
  type MigrationReport,
  readMigrations,
} from "./migrate.ts";
export { decodePageCursor, encodePageCursor } from "./page-cursor.ts";
export {
  maintainPartitions,
  monthStart,
  type PartitionedTable,
  type PartitionReport,
  partitionName,
  requestLogPartitions,
  startPartitionMaintenance,
} from "./partitions.ts";
export type { ChargedCall, RequestChannel } from "./request-log-input.ts";
export { RequestLogWriter, type RequestLogWriterOptions, writeRequestLogs } from "./request-log-writer.ts";
export { type OperationStats, recentOperationStats } from "./service-stats.ts";
export { LedgerStats } from "./stats.ts";
export {
  type DailyUsageRow,
  dailyUsage,
  type LedgerMismatch,
  listLedgerEntries,
  listRequestLogs,
  type Page,
  type PagePosition,
  type RequestLogFilter,
  type RequestLogRow,
  reconcileLedger,
  type UsageTotals,
} from "./usage.ts";
export { LedgerUsage, type PageRequest } from "./usage-reads.ts";
