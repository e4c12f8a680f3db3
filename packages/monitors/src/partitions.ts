import type { PartitionedTable } from "@sda/ledger";

/**
 * `monitor_runs`, by `started_at`, for the ledger's partition maintenance; `retentionDays` from
 * `MONITOR_RUN_RETENTION_DAYS`. Nothing references a run (the seen set keeps a run id as plain text, the first
 * run that saw an item, and outlives the run).
 */
export function monitorRunPartitions(retentionDays: number): PartitionedTable {
  return { table: "monitor_runs", column: "started_at", columnType: "timestamp", retentionDays };
}
