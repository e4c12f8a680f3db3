-- One writer per row (issue 33). The ledger entry is the billing record: a charge carries what usage shows of it when
-- no request-log row exists (a gateway killed between the charge and its answer): the interface the call came
-- through (`channel`, null for grants, refunds, adjustments) and the call's start (`called_at`, UTC in a
-- `timestamp(3)` like the table's `created_at`). The request-log row is the access log only, written once by the
-- process that answered, and carries no credits any more: usage takes a call's credits from its charge.

-- AlterTable
ALTER TABLE "ledger_entries" ADD COLUMN "channel" TEXT, ADD COLUMN "called_at" TIMESTAMP(3);

-- The charges already made: their call's channel and time from the call's request-log row, else the charge's time.
UPDATE "ledger_entries" e
   SET "channel" = r."channel", "called_at" = r."created_at" AT TIME ZONE 'UTC'
  FROM "request_logs" r
 WHERE r."id" = e."request_id" AND e."kind" = 'charge';
UPDATE "ledger_entries" SET "channel" = 'rest', "called_at" = "created_at"
 WHERE "kind" = 'charge' AND "called_at" IS NULL;

-- CreateIndex: an account's charges by call time (usage lists and the 24-hour credits read them in that order).
CREATE INDEX "ledger_entries_account_id_called_at_idx" ON "ledger_entries"("account_id", "called_at");

-- The request log loses its credits. `request_log_minutes` keeps, per account and minute, the calls of the request
-- log (by `created_at`, kept by the triggers on `request_logs`) and the credits of the charges (by the call's
-- `called_at`, kept by new triggers on `ledger_entries`), each in the same transaction as the rows it counts, so
-- `GET /v1/account` still reads one rollup: calls from the access log, credits from the billing record.
ALTER TABLE "request_logs" DROP COLUMN "credits";

CREATE OR REPLACE FUNCTION "request_log_minutes_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "request_log_minutes" SET "calls" = 0 WHERE "calls" <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "request_log_minutes" AS m ("account_id", "minute", "calls", "credits")
    SELECT "account_id", date_trunc('minute', "created_at" AT TIME ZONE 'UTC'), count(*), 0
      FROM new_rows WHERE "account_id" IS NOT NULL
     GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("account_id", "minute") DO UPDATE SET "calls" = m."calls" + EXCLUDED."calls";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "request_log_minutes" AS m ("account_id", "minute", "calls", "credits")
    SELECT "account_id", date_trunc('minute', "created_at" AT TIME ZONE 'UTC'), -count(*), 0
      FROM old_rows WHERE "account_id" IS NOT NULL
     GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("account_id", "minute") DO UPDATE SET "calls" = m."calls" + EXCLUDED."calls";
  ELSE
    INSERT INTO "request_log_minutes" AS m ("account_id", "minute", "calls", "credits")
    SELECT "account_id", "minute", sum("calls"), 0
      FROM (SELECT "account_id", date_trunc('minute', "created_at" AT TIME ZONE 'UTC') AS "minute", 1 AS "calls"
              FROM new_rows WHERE "account_id" IS NOT NULL
            UNION ALL
            SELECT "account_id", date_trunc('minute', "created_at" AT TIME ZONE 'UTC'), -1
              FROM old_rows WHERE "account_id" IS NOT NULL) AS delta
     GROUP BY 1, 2
    HAVING sum("calls") <> 0
     ORDER BY 1, 2
    ON CONFLICT ("account_id", "minute") DO UPDATE SET "calls" = m."calls" + EXCLUDED."calls";
  END IF;
  RETURN NULL;
END
$$;

-- The charges' credits per account and minute of the call (amounts are negative: credits = -amount), in key order
-- so concurrent writers lock the rollup rows in the same order. A settle locks its reservation, its account, then
-- one rollup row; a request-log batch locks only rollup rows: no cycle. Ledger entries are append-only; the update
-- branch keeps the rollup exact should one ever be corrected by hand; an account's deletion deletes its entries,
-- which the delete branch subtracts.
CREATE FUNCTION "request_log_minutes_charges"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "request_log_minutes" SET "credits" = 0 WHERE "credits" <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "request_log_minutes" AS m ("account_id", "minute", "calls", "credits")
    SELECT "account_id", date_trunc('minute', "called_at"), 0, -sum("amount")
      FROM new_rows WHERE "kind" = 'charge' AND "called_at" IS NOT NULL
     GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("account_id", "minute") DO UPDATE SET "credits" = m."credits" + EXCLUDED."credits";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "request_log_minutes" AS m ("account_id", "minute", "calls", "credits")
    SELECT "account_id", date_trunc('minute', "called_at"), 0, sum("amount")
      FROM old_rows WHERE "kind" = 'charge' AND "called_at" IS NOT NULL
     GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("account_id", "minute") DO UPDATE SET "credits" = m."credits" + EXCLUDED."credits";
  ELSE
    INSERT INTO "request_log_minutes" AS m ("account_id", "minute", "calls", "credits")
    SELECT "account_id", "minute", 0, sum("credits")
      FROM (SELECT "account_id", date_trunc('minute', "called_at") AS "minute", -"amount" AS "credits"
              FROM new_rows WHERE "kind" = 'charge' AND "called_at" IS NOT NULL
            UNION ALL
            SELECT "account_id", date_trunc('minute', "called_at"), "amount"
              FROM old_rows WHERE "kind" = 'charge' AND "called_at" IS NOT NULL) AS delta
     GROUP BY 1, 2
    HAVING sum("credits") <> 0
     ORDER BY 1, 2
    ON CONFLICT ("account_id", "minute") DO UPDATE SET "credits" = m."credits" + EXCLUDED."credits";
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "request_log_minutes_charges_insert" AFTER INSERT ON "ledger_entries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "request_log_minutes_charges"();
CREATE TRIGGER "request_log_minutes_charges_update" AFTER UPDATE ON "ledger_entries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "request_log_minutes_charges"();
CREATE TRIGGER "request_log_minutes_charges_delete" AFTER DELETE ON "ledger_entries"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "request_log_minutes_charges"();
CREATE TRIGGER "request_log_minutes_charges_truncate" AFTER TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "request_log_minutes_charges"();

-- The credits already counted were the request-log rows'; from now on they are the charges'.
UPDATE "request_log_minutes" SET "credits" = 0 WHERE "credits" <> 0;
INSERT INTO "request_log_minutes" AS m ("account_id", "minute", "calls", "credits")
SELECT "account_id", date_trunc('minute', "called_at"), 0, -sum("amount")
  FROM "ledger_entries" WHERE "kind" = 'charge' AND "called_at" IS NOT NULL
 GROUP BY 1, 2
HAVING sum("amount") <> 0
    ON CONFLICT ("account_id", "minute") DO UPDATE SET "credits" = m."credits" + EXCLUDED."credits";
