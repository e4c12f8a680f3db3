import type { PartitionedTable } from "@sda/ledger";

/**
 * `webhook_deliveries`, by `created_at`, with `webhook_attempts` by their delivery's `created_at` (the same months: an
 * attempt row references its delivery by (id, created_at)), for the ledger's partition maintenance; `retentionDays`
 * from `WEBHOOK_DELIVERY_RETENTION_DAYS`. A month's attempts are dropped with its deliveries, however late they ran.
 */
export function webhookDeliveryPartitions(retentionDays: number): PartitionedTable {
  return {
    table: "webhook_deliveries",
    column: "created_at",
    columnType: "timestamp",
    retentionDays,
    referencedBy: [{ table: "webhook_attempts", column: "delivery_created_at", columnType: "timestamp" }],
  };
}
