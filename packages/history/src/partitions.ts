import type { PartitionedTable } from "@sda/ledger";

/** `metric_rollups`, by `at`: months created ahead (and when a month is rolled up), never dropped. */
export function metricRollupPartitions(): PartitionedTable {
  return { table: "metric_rollups", column: "at", columnType: "timestamp", retentionDays: 0 };
}

/**
 * Keeps the last point of each UTC hour of every series of one month partition of `metric_snapshots` (`partition`,
 * a quoted identifier) in `metric_rollups`: the rows a `hour` or `day` read of that month picks, at their own minute.
 * Run by the partition maintenance in the transaction that drops the month; a repeat adds nothing.
 */
function rollUpHours(partition: string): string {
  return `INSERT INTO "metric_rollups" ("platform", "kind", "resource_id", "metric", "at", "value", "observed_at")
    SELECT DISTINCT ON ("platform", "kind", "resource_id", "metric", date_trunc('hour', "at"))
           "platform", "kind", "resource_id", "metric", "at", "value", "observed_at"
      FROM ${partition}
     ORDER BY "platform", "kind", "resource_id", "metric", date_trunc('hour', "at"), "at" DESC
    ON CONFLICT DO NOTHING`;
}

/**
 * `metric_snapshots`, by `at` (the minute's start, UTC wall time without a zone), for the ledger's partition
 * maintenance; `retentionDays` from `HISTORY_RETENTION_DAYS` (0 keeps every month). A month past it is rolled up
 * into `metric_rollups` (the last point of each hour) before it is dropped, so `hour`/`day` series keep answering.
 */
export function metricSnapshotPartitions(retentionDays: number): PartitionedTable {
  return {
    table: "metric_snapshots",
    column: "at",
    columnType: "timestamp",
    retentionDays,
    rollup: { into: metricRollupPartitions(), statement: rollUpHours },
  };
}
