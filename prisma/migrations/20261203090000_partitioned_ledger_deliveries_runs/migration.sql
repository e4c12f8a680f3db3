-- The other growing tables partitioned by month (issue 38), as 20261202130000_partitioned_tables did for
-- `request_logs` and `metric_snapshots`: `ledger_entries` by `created_at` (kept for ever: its months are never
-- dropped), `webhook_deliveries` by `created_at` with `webhook_attempts` by their delivery's `created_at` (the same
-- months, dropped together), and `monitor_runs` by `started_at`. Each gets one partition per UTC month of its rows,
-- the current month and three ahead, and a DEFAULT partition; the workers create later months
-- (packages/ledger/src/partitions.ts). Existing rows are copied, so this takes as long as one copy of the four
-- tables: run it in a maintenance window on a large database (docs/operations.md).
--
-- A partitioned table's unique indexes must hold its partition key, so none of them keeps a column unique on its own
-- any more; how each guarantee is kept instead:
-- - `ledger_entries.request_id` (a charge happens once per call; the fence): by `ledger_request_ids`, an
--   unpartitioned table keyed by request id, filled by a row trigger on every insert of an entry with a request id.
--   A second entry of a request id fails on that table's primary key, whichever statement inserts it, so the money
--   guarantee stays a database constraint (a concurrent settle rolls back whole, as it did on the unique index).
-- - `webhook_deliveries.id`, `message_id`: both are drawn at random once per delivery by its only INSERT
--   (WebhookClient.enqueueDelivery); `webhook_attempts` (delivery, attempt) stays the key within a delivery, whose
--   `created_at` the attempt row now carries (the foreign key to a partitioned table names its partition key).
-- - `monitor_runs.job_key` (one run per BullMQ job; a re-run job continues its run): by the run's only INSERT
--   (RunStore.startRun), which takes a transaction advisory lock on the job key and inserts only when no run of the
--   key exists in any month; `request_id` is drawn at random by that INSERT.
-- The unique indexes stay, with the partition key appended: they are the lookup indexes of those columns.

-- One month partition per month of `src`'s `col` (the rows to copy), the current month and three ahead, and DEFAULT.
CREATE FUNCTION pg_temp.sda_month_partitions(tbl text, src text, col text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  first_month timestamp;
  last_month timestamp;
  month timestamp;
BEGIN
  EXECUTE format('SELECT date_trunc(''month'', min(%1$I)), date_trunc(''month'', max(%1$I)) FROM %2$I', col, src)
    INTO first_month, last_month;
  first_month := least(coalesce(first_month, 'infinity'), date_trunc('month', now() AT TIME ZONE 'UTC'));
  last_month := greatest(coalesce(last_month, '-infinity'),
                         date_trunc('month', now() AT TIME ZONE 'UTC') + interval '3 months');
  month := first_month;
  WHILE month <= last_month LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
                   tbl || '_p' || to_char(month, 'YYYYMM'), tbl,
                   to_char(month, 'YYYY-MM-DD') || ' 00:00:00',
                   to_char(month + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00');
    month := month + interval '1 month';
  END LOOP;
  EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT', tbl || '_default', tbl);
END
$$;

-- ledger_entries: the old table goes aside (its triggers and indexes with it), the partitioned one takes its name.
ALTER TABLE "ledger_entries" RENAME TO "ledger_entries_unpartitioned";
ALTER TABLE "ledger_entries_unpartitioned" DROP CONSTRAINT "ledger_entries_pkey";

CREATE TABLE "ledger_entries" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "kind" "ledger_entry_kind" NOT NULL,
    "amount" INTEGER NOT NULL,
    "balance_after" INTEGER NOT NULL,
    "request_id" TEXT,
    "operation" TEXT,
    "note" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "channel" TEXT,
    "called_at" TIMESTAMP(3),

    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id", "created_at")
) PARTITION BY RANGE ("created_at");

SELECT pg_temp.sda_month_partitions('ledger_entries', 'ledger_entries_unpartitioned', 'created_at');

-- Which entry holds each request id: at most one, by this table's primary key. Never deleted (an account's deletion
-- deletes its entries and leaves its request ids taken, which nothing reuses: they are drawn at random per call).
CREATE TABLE "ledger_request_ids" (
    "request_id" TEXT NOT NULL,
    "entry_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ledger_request_ids_pkey" PRIMARY KEY ("request_id")
);

-- The rows move before any trigger exists: `request_log_minutes` counts their credits already, and the request ids
-- are taken here in one statement (the old unique index kept them unique).
INSERT INTO "ledger_entries" ("id", "account_id", "kind", "amount", "balance_after", "request_id", "operation", "note",
    "created_at", "channel", "called_at")
SELECT "id", "account_id", "kind", "amount", "balance_after", "request_id", "operation", "note",
    "created_at", "channel", "called_at"
  FROM "ledger_entries_unpartitioned";
INSERT INTO "ledger_request_ids" ("request_id", "entry_id", "created_at")
SELECT "request_id", "id", "created_at" FROM "ledger_entries_unpartitioned" WHERE "request_id" IS NOT NULL;
DROP TABLE "ledger_entries_unpartitioned";

CREATE UNIQUE INDEX "ledger_entries_request_id_key" ON "ledger_entries"("request_id", "created_at");
CREATE INDEX "ledger_entries_account_id_created_at_idx" ON "ledger_entries"("account_id", "created_at");
CREATE INDEX "ledger_entries_account_id_called_at_idx" ON "ledger_entries"("account_id", "called_at");
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every entry with a request id takes it in `ledger_request_ids`, in the inserting statement: a second one raises
-- 23505 (unique_violation) and that statement rolls back whole, as the unique index on `request_id` made it before.
-- A request id is never moved to another entry (entries are append-only; an UPDATE that tries is refused).
CREATE FUNCTION "ledger_request_id_take"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "ledger_request_ids" ("request_id", "entry_id", "created_at")
    VALUES (NEW."request_id", NEW."id", NEW."created_at");
  ELSE
    RAISE EXCEPTION 'the request id of ledger entry % cannot change', OLD."id" USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER "ledger_request_id_insert" AFTER INSERT ON "ledger_entries"
  FOR EACH ROW WHEN (NEW."request_id" IS NOT NULL) EXECUTE FUNCTION "ledger_request_id_take"();
CREATE TRIGGER "ledger_request_id_update" AFTER UPDATE OF "request_id" ON "ledger_entries"
  FOR EACH ROW WHEN (OLD."request_id" IS DISTINCT FROM NEW."request_id") EXECUTE FUNCTION "ledger_request_id_take"();

-- The credit rollup's statement-level triggers, on the partitioned parent (they see every partition's rows).
CREATE TRIGGER "request_log_minutes_charges_insert" AFTER INSERT ON "ledger_entries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "request_log_minutes_charges"();
CREATE TRIGGER "request_log_minutes_charges_update" AFTER UPDATE ON "ledger_entries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "request_log_minutes_charges"();
CREATE TRIGGER "request_log_minutes_charges_delete" AFTER DELETE ON "ledger_entries"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "request_log_minutes_charges"();
CREATE TRIGGER "request_log_minutes_charges_truncate" AFTER TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "request_log_minutes_charges"();

-- webhook_deliveries and webhook_attempts: both go aside (the attempts' foreign key with them).
ALTER TABLE "webhook_attempts" RENAME TO "webhook_attempts_unpartitioned";
ALTER TABLE "webhook_attempts_unpartitioned" DROP CONSTRAINT "webhook_attempts_pkey";
ALTER TABLE "webhook_attempts_unpartitioned" DROP CONSTRAINT "webhook_attempts_delivery_id_fkey";
ALTER TABLE "webhook_deliveries" RENAME TO "webhook_deliveries_unpartitioned";
ALTER TABLE "webhook_deliveries_unpartitioned" DROP CONSTRAINT "webhook_deliveries_pkey";

CREATE TABLE "webhook_deliveries" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "owner_kind" "webhook_owner_kind" NOT NULL,
    "owner_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "message_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" "webhook_delivery_status" NOT NULL DEFAULT 'pending',
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3),
    "failure_reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMP(3),

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id", "created_at")
) PARTITION BY RANGE ("created_at");

-- An attempt lives in its delivery's month (`delivery_created_at`), so a month of deliveries and its attempts are
-- dropped together, however late a retry or a replay was made.
CREATE TABLE "webhook_attempts" (
    "delivery_id" TEXT NOT NULL,
    "delivery_created_at" TIMESTAMP(3) NOT NULL,
    "attempt" INTEGER NOT NULL,
    "replay" BOOLEAN NOT NULL DEFAULT false,
    "started_at" TIMESTAMP(3) NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "status_code" INTEGER,
    "error" TEXT,
    "response_body" TEXT,
    "next_retry_at" TIMESTAMP(3),

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("delivery_id", "attempt", "delivery_created_at")
) PARTITION BY RANGE ("delivery_created_at");

SELECT pg_temp.sda_month_partitions('webhook_deliveries', 'webhook_deliveries_unpartitioned', 'created_at');
SELECT pg_temp.sda_month_partitions('webhook_attempts', 'webhook_deliveries_unpartitioned', 'created_at');

INSERT INTO "webhook_deliveries" ("id", "account_id", "owner_kind", "owner_id", "url", "secret", "message_id",
    "event_type", "body", "status", "attempt_count", "next_attempt_at", "failure_reason", "created_at", "updated_at",
    "completed_at")
SELECT "id", "account_id", "owner_kind", "owner_id", "url", "secret", "message_id",
    "event_type", "body", "status", "attempt_count", "next_attempt_at", "failure_reason", "created_at", "updated_at",
    "completed_at"
  FROM "webhook_deliveries_unpartitioned";
INSERT INTO "webhook_attempts" ("delivery_id", "delivery_created_at", "attempt", "replay", "started_at", "duration_ms",
    "status_code", "error", "response_body", "next_retry_at")
SELECT a."delivery_id", d."created_at", a."attempt", a."replay", a."started_at", a."duration_ms",
    a."status_code", a."error", a."response_body", a."next_retry_at"
  FROM "webhook_attempts_unpartitioned" a JOIN "webhook_deliveries_unpartitioned" d ON d."id" = a."delivery_id";
DROP TABLE "webhook_attempts_unpartitioned";
DROP TABLE "webhook_deliveries_unpartitioned";

CREATE UNIQUE INDEX "webhook_deliveries_message_id_key" ON "webhook_deliveries"("message_id", "created_at");
CREATE INDEX "webhook_deliveries_owner_kind_owner_id_created_at_id_idx" ON "webhook_deliveries"("owner_kind", "owner_id", "created_at", "id");
CREATE INDEX "webhook_deliveries_account_id_created_at_idx" ON "webhook_deliveries"("account_id", "created_at");
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_delivery_created_at_fkey" FOREIGN KEY ("delivery_id", "delivery_created_at") REFERENCES "webhook_deliveries"("id", "created_at") ON DELETE CASCADE ON UPDATE CASCADE;

-- monitor_runs: nothing references it; its key becomes (id, started_at).
ALTER TABLE "monitor_runs" RENAME TO "monitor_runs_unpartitioned";
ALTER TABLE "monitor_runs_unpartitioned" DROP CONSTRAINT "monitor_runs_pkey";

CREATE TABLE "monitor_runs" (
    "id" TEXT NOT NULL,
    "monitor_id" TEXT NOT NULL,
    "job_key" TEXT NOT NULL,
    "request_id" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "status" "monitor_run_status" NOT NULL,
    "started_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),
    "items_seen" INTEGER,
    "new_items" INTEGER,
    "credits" INTEGER NOT NULL DEFAULT 0,
    "error_code" TEXT,
    "error_message" TEXT,
    "pending_items" JSONB,
    "delivery_id" TEXT,

    CONSTRAINT "monitor_runs_pkey" PRIMARY KEY ("id", "started_at")
) PARTITION BY RANGE ("started_at");

SELECT pg_temp.sda_month_partitions('monitor_runs', 'monitor_runs_unpartitioned', 'started_at');

INSERT INTO "monitor_runs" ("id", "monitor_id", "job_key", "request_id", "trigger", "status", "started_at",
    "finished_at", "items_seen", "new_items", "credits", "error_code", "error_message", "pending_items", "delivery_id")
SELECT "id", "monitor_id", "job_key", "request_id", "trigger", "status", "started_at",
    "finished_at", "items_seen", "new_items", "credits", "error_code", "error_message", "pending_items", "delivery_id"
  FROM "monitor_runs_unpartitioned";
DROP TABLE "monitor_runs_unpartitioned";

CREATE UNIQUE INDEX "monitor_runs_job_key_key" ON "monitor_runs"("job_key", "started_at");
CREATE UNIQUE INDEX "monitor_runs_request_id_key" ON "monitor_runs"("request_id", "started_at");
CREATE INDEX "monitor_runs_monitor_id_started_at_id_idx" ON "monitor_runs"("monitor_id", "started_at", "id");
ALTER TABLE "monitor_runs" ADD CONSTRAINT "monitor_runs_monitor_id_fkey" FOREIGN KEY ("monitor_id") REFERENCES "monitors"("id") ON DELETE CASCADE ON UPDATE CASCADE;

DROP FUNCTION pg_temp.sda_month_partitions(text, text, text);
