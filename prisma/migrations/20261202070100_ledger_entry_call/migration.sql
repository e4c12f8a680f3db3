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

-- The request log's rollup counts calls only (its triggers keep it in the same transaction as the rows).
ALTER TABLE "request_logs" DROP COLUMN "credits";
ALTER TABLE "request_log_minutes" DROP COLUMN "credits";

CREATE OR REPLACE FUNCTION "request_log_minutes_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "request_log_minutes";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "request_log_minutes" AS m ("account_id", "minute", "calls")
    SELECT "account_id", date_trunc('minute', "created_at" AT TIME ZONE 'UTC'), count(*)
      FROM new_rows WHERE "account_id" IS NOT NULL
     GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("account_id", "minute") DO UPDATE SET "calls" = m."calls" + EXCLUDED."calls";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "request_log_minutes" AS m ("account_id", "minute", "calls")
    SELECT "account_id", date_trunc('minute', "created_at" AT TIME ZONE 'UTC'), -count(*)
      FROM old_rows WHERE "account_id" IS NOT NULL
     GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("account_id", "minute") DO UPDATE SET "calls" = m."calls" + EXCLUDED."calls";
  ELSE
    INSERT INTO "request_log_minutes" AS m ("account_id", "minute", "calls")
    SELECT "account_id", "minute", sum("calls")
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

-- CreateTable: the credits charged per account and minute of the call (`called_at`), kept by statement-level
-- triggers on `ledger_entries` in the same transaction as the charges (the settle's own statement), so at every
-- snapshot each row equals the sum of that minute's charges. A sibling of `request_log_minutes`, not a column of it:
-- each rollup row has one writer (the request log's triggers or the ledger's), and a settle never waits on a
-- request-log batch. No foreign key: an account's deletion deletes its entries, which the delete trigger subtracts.
CREATE TABLE "charge_minutes" (
    "account_id" TEXT NOT NULL,
    "minute" TIMESTAMP(3) NOT NULL,
    "credits" INTEGER NOT NULL,

    CONSTRAINT "charge_minutes_pkey" PRIMARY KEY ("account_id","minute")
);

-- Charges only (amounts are negative: credits = -amount), in key order so concurrent writers lock the same order.
-- Ledger entries are append-only; the update branch keeps the rollup exact should one ever be corrected by hand.
CREATE FUNCTION "charge_minutes_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "charge_minutes";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "charge_minutes" AS m ("account_id", "minute", "credits")
    SELECT "account_id", date_trunc('minute', "called_at"), -sum("amount")
      FROM new_rows WHERE "kind" = 'charge' AND "called_at" IS NOT NULL
     GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("account_id", "minute") DO UPDATE SET "credits" = m."credits" + EXCLUDED."credits";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "charge_minutes" AS m ("account_id", "minute", "credits")
    SELECT "account_id", date_trunc('minute', "called_at"), sum("amount")
      FROM old_rows WHERE "kind" = 'charge' AND "called_at" IS NOT NULL
     GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("account_id", "minute") DO UPDATE SET "credits" = m."credits" + EXCLUDED."credits";
  ELSE
    INSERT INTO "charge_minutes" AS m ("account_id", "minute", "credits")
    SELECT "account_id", "minute", sum("credits")
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

CREATE TRIGGER "charge_minutes_insert" AFTER INSERT ON "ledger_entries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "charge_minutes_apply"();
CREATE TRIGGER "charge_minutes_update" AFTER UPDATE ON "ledger_entries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "charge_minutes_apply"();
CREATE TRIGGER "charge_minutes_delete" AFTER DELETE ON "ledger_entries"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "charge_minutes_apply"();
CREATE TRIGGER "charge_minutes_truncate" AFTER TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "charge_minutes_apply"();

-- The charges already made.
INSERT INTO "charge_minutes" ("account_id", "minute", "credits")
SELECT "account_id", date_trunc('minute', "called_at"), -sum("amount")
  FROM "ledger_entries" WHERE "kind" = 'charge' AND "called_at" IS NOT NULL
 GROUP BY 1, 2
HAVING sum("amount") <> 0;
