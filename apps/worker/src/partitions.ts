import type { ServiceConfig } from "@sda/core";
import { metricRollupPartitions, metricSnapshotPartitions } from "@sda/history";
import { historyEnv } from "@sda/history/env";
import { ledgerEntryPartitions, type PartitionedTable, requestLogPartitions } from "@sda/ledger";
import { ledgerEnv } from "@sda/ledger/env";
import { monitorRunPartitions } from "@sda/monitors";
import { monitorsEnv } from "@sda/monitors/env";
import { webhookDeliveryPartitions } from "@sda/webhooks";
import { webhooksEnv } from "@sda/webhooks/env";

/**
 * Every partitioned table the workers' partition maintenance keeps (issue 38), each as its owner declares it, with
 * its retention from the configuration. The rollup table comes before the raw points whose expired months it keeps.
 */
export function partitionedTables(config: ServiceConfig): PartitionedTable[] {
  return [
    requestLogPartitions(ledgerEnv.of(config).REQUEST_LOG_RETENTION_DAYS),
    ledgerEntryPartitions(),
    metricRollupPartitions(),
    metricSnapshotPartitions(historyEnv.of(config).HISTORY_RETENTION_DAYS),
    webhookDeliveryPartitions(webhooksEnv.of(config).WEBHOOK_DELIVERY_RETENTION_DAYS),
    monitorRunPartitions(monitorsEnv.of(config).MONITOR_RUN_RETENTION_DAYS),
  ];
}
