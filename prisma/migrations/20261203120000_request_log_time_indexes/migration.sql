-- The request log's time indexes (issue 38: the WAL and the CPU of every logged call). Each btree index is an index
-- insert per row (~75–110 bytes of WAL, plus a full-page image of its leaf after each checkpoint).
--
-- `(key_id, created_at)` is read by no statement: usage is read by account (`(account_id, created_at)`), a call by
-- its request id (the primary key).
DROP INDEX "request_logs_key_id_created_at_idx";

-- `created_at` alone is read by the status page's window over the last minutes of every account
-- (`service-stats.ts`), a range over the newest rows. Rows arrive in call-time order, so a BRIN index (one summary
-- per range of heap pages) serves that range as well as the btree did, and it costs a call nothing: a row that falls
-- in the range being filled changes no summary (the range is summarised later, by VACUUM), where the btree took an
-- index insert per row. Partitions created later get it from the partitioned table, as before.
DROP INDEX "request_logs_created_at_idx";
CREATE INDEX "request_logs_created_at_idx" ON "request_logs" USING brin ("created_at");
