-- The request log's time indexes (issue 38: the WAL and the CPU of every logged call). Each btree index is an index
-- insert per row (~75–110 bytes of WAL, plus a full-page image of its leaf after each checkpoint).
--
-- `(key_id, created_at)` is read by no statement: usage is read by account (`(account_id, created_at)`), a call by
-- its request id (the primary key).
DROP INDEX "request_logs_key_id_created_at_idx";

-- `created_at` alone is read by the status page's window over the last minutes of every account
-- (`service-stats.ts`), a range over the newest rows. Rows arrive in call-time order, so a BRIN index (one min/max
-- summary per range of heap pages) serves that range as well as the btree did at almost no cost per row: a row that
-- falls in a range not yet summarised changes nothing (VACUUM summarises a range once it is full). The exception is a
-- partition's first range, summarised (empty) when the index is built on the new, empty partition: each row added
-- there widens its summary, a ~72-byte BRIN update, as the btree's insert was. Ranges of 8 pages (~300 rows) keep
-- that to the first few hundred rows of each month, where the default of 128 pages would make it ~5,000. Partitions
-- created later get the index from the partitioned table, as before.
DROP INDEX "request_logs_created_at_idx";
CREATE INDEX "request_logs_created_at_idx" ON "request_logs" USING brin ("created_at") WITH (pages_per_range = 8);
