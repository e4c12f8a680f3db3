-- The per-minute rollup of the request log and of the charges (issue 38: the WAL of a call). Their insert branches
-- were one `INSERT … ON CONFLICT DO UPDATE` per statement: on a row that exists (every call but the first of an
-- account's minute) PostgreSQL first locks the row, a WAL record of its own (`Heap/LOCK`, ~100 bytes), then updates
-- it. Now each rollup row is updated first and inserted only when absent (the upsert stays for a row a concurrent
-- writer inserted in between), in key order as before, so concurrent writers still lock rows in the same order. The
-- update, delete and truncate branches are unchanged (rare: corrections and retention).

-- Adds `p_calls` calls and `p_credits` credits to one rollup row: an update in place, an insert when it is absent.
CREATE FUNCTION "request_log_minutes_add"(p_account text, p_minute timestamp(3), p_calls int, p_credits int)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "request_log_minutes" SET "calls" = "calls" + p_calls, "credits" = "credits" + p_credits
   WHERE "account_id" = p_account AND "minute" = p_minute;
  IF NOT FOUND THEN
    INSERT INTO "request_log_minutes" AS m ("account_id", "minute", "calls", "credits")
    VALUES (p_account, p_minute, p_calls, p_credits)
    ON CONFLICT ("account_id", "minute") DO UPDATE
      SET "calls" = m."calls" + EXCLUDED."calls", "credits" = m."credits" + EXCLUDED."credits";
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION "request_log_minutes_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "request_log_minutes" SET "calls" = 0 WHERE "calls" <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    FOR r IN SELECT "account_id" AS "account", date_trunc('minute', "created_at" AT TIME ZONE 'UTC') AS "minute",
                    count(*) AS "n"
               FROM new_rows WHERE "account_id" IS NOT NULL
              GROUP BY 1, 2 ORDER BY 1, 2 LOOP
      PERFORM "request_log_minutes_add"(r."account", r."minute", r."n"::int, 0);
    END LOOP;
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

CREATE OR REPLACE FUNCTION "request_log_minutes_charges"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "request_log_minutes" SET "credits" = 0 WHERE "credits" <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    FOR r IN SELECT "account_id" AS "account", date_trunc('minute', "called_at") AS "minute",
                    -sum("amount") AS "credits"
               FROM new_rows WHERE "kind" = 'charge' AND "called_at" IS NOT NULL
              GROUP BY 1, 2 ORDER BY 1, 2 LOOP
      PERFORM "request_log_minutes_add"(r."account", r."minute", 0, r."credits"::int);
    END LOOP;
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
