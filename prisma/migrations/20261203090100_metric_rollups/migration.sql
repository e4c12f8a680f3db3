-- History rollups (issue 38): before a month of raw points (`metric_snapshots`) is dropped by HISTORY_RETENTION_DAYS,
-- the partition maintenance copies the last point of each UTC hour of every series into `metric_rollups`
-- (packages/history/src/partitions.ts), in the transaction that drops the month. The reads take both tables, so
-- `hour` and `day` answers for old ranges are what they were, and `raw` ones keep one point per hour.
-- Same columns and key as `metric_snapshots`; partitioned by month of `at` like it, never dropped.
CREATE TABLE "metric_rollups" (
    "platform" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "resource_id" TEXT NOT NULL,
    "metric" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "observed_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "metric_rollups_pkey" PRIMARY KEY ("platform","kind","resource_id","metric","at")
) PARTITION BY RANGE ("at");

-- The current month and three ahead (rolled-up months get theirs when they are rolled up), and DEFAULT.
DO $$
DECLARE
  month timestamp := date_trunc('month', now() AT TIME ZONE 'UTC');
BEGIN
  FOR i IN 0..3 LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF "metric_rollups" FOR VALUES FROM (%L) TO (%L)',
                   'metric_rollups_p' || to_char(month, 'YYYYMM'),
                   to_char(month, 'YYYY-MM-DD') || ' 00:00:00',
                   to_char(month + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00');
    month := month + interval '1 month';
  END LOOP;
END
$$;
CREATE TABLE "metric_rollups_default" PARTITION OF "metric_rollups" DEFAULT;
