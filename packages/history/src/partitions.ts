import type { PartitionedTable } from "@sda/ledger";

/**
 * `metric_snapshots`, by `at` (the minute's start, UTC wall time without a zone), for the ledger's partition
 * maintenance; `retentionDays` from `HISTORY_RETENTION_DAYS` (0 keeps every month: no hour/day rollup exists, so a
 * dropped month would lose its long series too).
 */
export function metricSnapshotPartitions(retentionDays: number): PartitionedTable {
  return { table: "metric_snapshots", column: "at", columnType: "timestamp", retentionDays };
}
