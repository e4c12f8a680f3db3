-- Usage that is true (issue 27): a request-log row's `created_at` is the time of the CALL, with its time zone, not
-- the time the gateway's buffered batch was written (rows seconds apart shared one timestamp). The column becomes
-- `timestamptz(3)` (its UTC values kept), the writers pass each row's call time, and the per-minute rollup groups by
-- that time in UTC (the rollup's `minute` stays a UTC `timestamp(3)`).

-- AlterTable
ALTER TABLE "request_logs" ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC';

-- The rollup's minute of a row: its call time's minute in UTC, whatever the session's time zone.
CREATE OR REPLACE FUNCTION "request_log_minutes_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "request_log_minutes";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "request_log_minutes" AS m ("account_id", "minute", "calls", "credits")
    SELECT "account_id", date_trunc('minute', "created_at" AT TIME ZONE 'UTC'), count(*), sum("credits")
      FROM new_rows WHERE "account_id" IS NOT NULL
     GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("account_id", "minute")
    DO UPDATE SET "calls" = m."calls" + EXCLUDED."calls", "credits" = m."credits" + EXCLUDED."credits";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "request_log_minutes" AS m ("account_id", "minute", "calls", "credits")
    SELECT "account_id", date_trunc('minute', "created_at" AT TIME ZONE 'UTC'), -count(*), -sum("credits")
      FROM old_rows WHERE "account_id" IS NOT NULL
     GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("account_id", "minute")
    DO UPDATE SET "calls" = m."calls" + EXCLUDED."calls", "credits" = m."credits" + EXCLUDED."credits";
  ELSE
    INSERT INTO "request_log_minutes" AS m ("account_id", "minute", "calls", "credits")
    SELECT "account_id", "minute", sum("calls"), sum("credits")
      FROM (SELECT "account_id", date_trunc('minute', "created_at" AT TIME ZONE 'UTC') AS "minute", 1 AS "calls",
                   "credits"
              FROM new_rows WHERE "account_id" IS NOT NULL
            UNION ALL
            SELECT "account_id", date_trunc('minute', "created_at" AT TIME ZONE 'UTC'), -1, -"credits"
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
