-- The indexes every call pays for (issue 38: the WAL of a call): each is an index insert, ~75–110 bytes of WAL per
-- row, plus a full-page image of its leaf after each checkpoint.
--
-- The request log's batch and monitor indexes hold only the rows that have a batch or a monitor. A direct call's row
-- has neither, yet each index took an entry for its NULL, for lookups that never ask for NULL; a lookup by
-- `batch_id = $1` or `monitor_id = $1` still uses them (the equality implies IS NOT NULL). Prisma's schema cannot
-- state a predicate: prisma/schema.prisma keeps `@@index([batchId])` / `@@index([monitorId])`, and the drift test
-- compares the indexes' columns.
DROP INDEX "request_logs_batch_id_idx";
CREATE INDEX "request_logs_batch_id_idx" ON "request_logs"("batch_id") WHERE "batch_id" IS NOT NULL;
DROP INDEX "request_logs_monitor_id_idx";
CREATE INDEX "request_logs_monitor_id_idx" ON "request_logs"("monitor_id") WHERE "monitor_id" IS NOT NULL;

-- Read by nothing: no statement looks a request-log row up by its job id (a call is found by its request id, the
-- primary key), and an open reservation is found by its request id (primary key) or its expiry (the sweeper's
-- index); deleting an account scans its few in-flight reservations without one.
DROP INDEX "request_logs_job_id_idx";
DROP INDEX "credit_reservations_account_id_idx";
