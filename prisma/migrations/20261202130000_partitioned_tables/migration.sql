-- Time-partitioned request log and history points (issue 38): `request_logs` by `created_at` and `metric_snapshots`
-- by `at`, PostgreSQL declarative RANGE partitioning, one partition per UTC month (`<table>_pYYYYMM`) and a DEFAULT
-- partition (`<table>_default`) so that a row whose time has no partition yet never fails an insert. Retention then
-- detaches and drops whole months instead of deleting rows; the worker creates the months ahead
-- (packages/ledger/src/partitions.ts). Existing rows are copied into the partitioned tables, so this migration takes
-- as long as one copy of both tables (docs/operations.md).
--
-- A partitioned table's primary key must contain its partition key: `request_logs` is keyed by (id, created_at), which
-- alone would let one request id have two rows at two times (a re-run job logs its call again with another time).
-- One row per request id is kept by the table's only INSERT (packages/ledger/src/request-log-writer.ts): in one
-- transaction it takes an advisory lock per id, then skips every id that has a row already, whatever its time
-- (docs/design-history.md, 2026-12-02). `metric_snapshots`' key already contains `at`: nothing changes for it.
-- `ledger_entries` stays unpartitioned: its unique request id is a money guarantee (docs/design-history.md).

-- One month partition per month of existing rows, the current month and three ahead, and the DEFAULT partition.
CREATE FUNCTION pg_temp.sda_month_partitions(tbl text, col text, bound_type text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  first_month timestamp;
  last_month timestamp;
  month timestamp;
BEGIN
  EXECUTE format('SELECT date_trunc(''month'', min(%1$I %2$s)), date_trunc(''month'', max(%1$I %2$s)) FROM %3$I',
                 col, CASE WHEN bound_type = 'timestamptz' THEN 'AT TIME ZONE ''UTC''' ELSE '' END,
                 tbl || '_unpartitioned')
    INTO first_month, last_month;
  first_month := least(coalesce(first_month, 'infinity'), date_trunc('month', now() AT TIME ZONE 'UTC'));
  last_month := greatest(coalesce(last_month, '-infinity'),
                         date_trunc('month', now() AT TIME ZONE 'UTC') + interval '3 months');
  month := first_month;
  WHILE month <= last_month LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
                   tbl || '_p' || to_char(month, 'YYYYMM'), tbl,
                   CASE WHEN bound_type = 'timestamptz' THEN to_char(month, 'YYYY-MM-DD') || ' 00:00:00+00'
                        ELSE to_char(month, 'YYYY-MM-DD') || ' 00:00:00' END,
                   CASE WHEN bound_type = 'timestamptz'
                        THEN to_char(month + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00'
                        ELSE to_char(month + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00' END);
    month := month + interval '1 month';
  END LOOP;
  EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT', tbl || '_default', tbl);
END
$$;

-- request_logs: the old table goes aside (its triggers and indexes with it), the partitioned one takes its name.
ALTER TABLE "request_logs" RENAME TO "request_logs_unpartitioned";
ALTER TABLE "request_logs_unpartitioned" DROP CONSTRAINT "request_logs_pkey";
DROP TRIGGER "request_log_minutes_insert" ON "request_logs_unpartitioned";
DROP TRIGGER "request_log_minutes_update" ON "request_logs_unpartitioned";
DROP TRIGGER "request_log_minutes_delete" ON "request_logs_unpartitioned";
DROP TRIGGER "request_log_minutes_truncate" ON "request_logs_unpartitioned";

CREATE TABLE "request_logs" (
    "id" TEXT NOT NULL,
    "account_id" TEXT,
    "key_id" TEXT,
    "operation" TEXT,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "params" JSONB NOT NULL DEFAULT '{}',
    "status" INTEGER NOT NULL,
    "error_code" TEXT,
    "cache" TEXT NOT NULL,
    "source" TEXT,
    "duration_ms" INTEGER NOT NULL,
    "job_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "batch_id" TEXT,
    "monitor_id" TEXT,
    "channel" TEXT NOT NULL DEFAULT 'rest',

    CONSTRAINT "request_logs_pkey" PRIMARY KEY ("id", "created_at")
) PARTITION BY RANGE ("created_at");

SELECT pg_temp.sda_month_partitions('request_logs', 'created_at', 'timestamptz');

-- The rows move before the triggers exist: `request_log_minutes` counts them already.
INSERT INTO "request_logs" ("id", "account_id", "key_id", "operation", "method", "path", "params", "status",
    "error_code", "cache", "source", "duration_ms", "job_id", "created_at", "batch_id", "monitor_id", "channel")
SELECT "id", "account_id", "key_id", "operation", "method", "path", "params", "status",
    "error_code", "cache", "source", "duration_ms", "job_id", "created_at", "batch_id", "monitor_id", "channel"
  FROM "request_logs_unpartitioned";
DROP TABLE "request_logs_unpartitioned";

CREATE INDEX "request_logs_account_id_created_at_idx" ON "request_logs"("account_id", "created_at");
CREATE INDEX "request_logs_job_id_idx" ON "request_logs"("job_id");
CREATE INDEX "request_logs_created_at_idx" ON "request_logs"("created_at");
CREATE INDEX "request_logs_key_id_created_at_idx" ON "request_logs"("key_id", "created_at");
CREATE INDEX "request_logs_batch_id_idx" ON "request_logs"("batch_id");
CREATE INDEX "request_logs_monitor_id_idx" ON "request_logs"("monitor_id");
ALTER TABLE "request_logs" ADD CONSTRAINT "request_logs_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Statement-level triggers on the partitioned table see the rows of every partition (transition tables included);
-- detaching or dropping a partition fires none, so the rollup keeps the calls of months whose rows are gone.
CREATE TRIGGER "request_log_minutes_insert" AFTER INSERT ON "request_logs"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "request_log_minutes_apply"();
CREATE TRIGGER "request_log_minutes_update" AFTER UPDATE ON "request_logs"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "request_log_minutes_apply"();
CREATE TRIGGER "request_log_minutes_delete" AFTER DELETE ON "request_logs"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "request_log_minutes_apply"();
CREATE TRIGGER "request_log_minutes_truncate" AFTER TRUNCATE ON "request_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION "request_log_minutes_apply"();

-- metric_snapshots: the same move; its primary key (the upsert target and range-read index) already contains `at`.
ALTER TABLE "metric_snapshots" RENAME TO "metric_snapshots_unpartitioned";
ALTER TABLE "metric_snapshots_unpartitioned" DROP CONSTRAINT "metric_snapshots_pkey";

CREATE TABLE "metric_snapshots" (
    "platform" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "resource_id" TEXT NOT NULL,
    "metric" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "observed_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "metric_snapshots_pkey" PRIMARY KEY ("platform","kind","resource_id","metric","at")
) PARTITION BY RANGE ("at");

SELECT pg_temp.sda_month_partitions('metric_snapshots', 'at', 'timestamp');

INSERT INTO "metric_snapshots" ("platform", "kind", "resource_id", "metric", "at", "value", "observed_at")
SELECT "platform", "kind", "resource_id", "metric", "at", "value", "observed_at" FROM "metric_snapshots_unpartitioned";
DROP TABLE "metric_snapshots_unpartitioned";

DROP FUNCTION pg_temp.sda_month_partitions(text, text, text);
