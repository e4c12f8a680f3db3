-- GET /v1/account shows the calls and credits of the last 24 hours. Summing them from `request_logs` reads every row
-- of that window (tens of thousands for a busy key, on every call of the page). `request_log_minutes` holds, per
-- account and minute of `created_at`, the count and credit sum of the account's request-log rows; statement-level
-- triggers on `request_logs` keep it in the same transaction as the rows they insert, update or delete, so at every
-- snapshot each of its rows equals `count(*)` / `sum(credits)` of that minute's rows. The 24-hour sum then reads at
-- most 1,440 of these rows plus the raw rows of the one minute the window starts in (exact, not rounded to minutes).
-- No foreign key: an account's deletion sets its rows' `account_id` to NULL, which the update trigger subtracts.

-- CreateTable
CREATE TABLE "request_log_minutes" (
    "account_id" TEXT NOT NULL,
    "minute" TIMESTAMP(3) NOT NULL,
    "calls" INTEGER NOT NULL,
    "credits" INTEGER NOT NULL,

    CONSTRAINT "request_log_minutes_pkey" PRIMARY KEY ("account_id","minute")
);

-- One function for the three events: each statement's rows (transition tables) are grouped per account and minute
-- and added (insert), subtracted (delete) or both (update: old rows out, new rows in), in key order so concurrent
-- writers lock the rollup rows in the same order.
CREATE FUNCTION "request_log_minutes_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "request_log_minutes";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "request_log_minutes" AS m ("account_id", "minute", "calls", "credits")
    SELECT "account_id", date_trunc('minute', "created_at"), count(*), sum("credits")
      FROM new_rows WHERE "account_id" IS NOT NULL
     GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("account_id", "minute")
    DO UPDATE SET "calls" = m."calls" + EXCLUDED."calls", "credits" = m."credits" + EXCLUDED."credits";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "request_log_minutes" AS m ("account_id", "minute", "calls", "credits")
    SELECT "account_id", date_trunc('minute', "created_at"), -count(*), -sum("credits")
      FROM old_rows WHERE "account_id" IS NOT NULL
     GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("account_id", "minute")
    DO UPDATE SET "calls" = m."calls" + EXCLUDED."calls", "credits" = m."credits" + EXCLUDED."credits";
  ELSE
    INSERT INTO "request_log_minutes" AS m ("account_id", "minute", "calls", "credits")
    SELECT "account_id", "minute", sum("calls"), sum("credits")
      FROM (SELECT "account_id", date_trunc('minute', "created_at") AS "minute", 1 AS "calls", "credits"
              FROM new_rows WHERE "account_id" IS NOT NULL
            UNION ALL
            SELECT "account_id", date_trunc('minute', "created_at"), -1, -"credits"
              FROM old_rows WHERE "account_id" IS NOT NULL) AS delta
     GROUP BY 1, 2
    HAVING sum("calls") <> 0 OR sum("credits") <> 0
     ORDER BY 1, 2
    ON CONFLICT ("account_id", "minute")
    DO UPDATE SET "calls" = m."calls" + EXCLUDED."calls", "credits" = m."credits" + EXCLUDED."credits";
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "request_log_minutes_insert" AFTER INSERT ON "request_logs"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "request_log_minutes_apply"();
CREATE TRIGGER "request_log_minutes_update" AFTER UPDATE ON "request_logs"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "request_log_minutes_apply"();
CREATE TRIGGER "request_log_minutes_delete" AFTER DELETE ON "request_logs"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "request_log_minutes_apply"();
CREATE TRIGGER "request_log_minutes_truncate" AFTER TRUNCATE ON "request_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION "request_log_minutes_apply"();

-- The rows already logged.
INSERT INTO "request_log_minutes" ("account_id", "minute", "calls", "credits")
SELECT "account_id", date_trunc('minute', "created_at"), count(*), sum("credits")
  FROM "request_logs" WHERE "account_id" IS NOT NULL
 GROUP BY 1, 2;
