import { defineFeatureEnv, envVar } from "@sda/core";
import { z } from "zod";

const { int } = envVar;

/**
 * The ledger's variables: the request log's retention and the partition maintenance the worker runs (issue 38). The
 * ledger itself is kept for ever (no retention).
 */
export const ledgerEnv = defineFeatureEnv(
  "ledger",
  z.object({
    REQUEST_LOG_RETENTION_DAYS: int(400, 0).describe(
      "days a month of `request_logs` is kept after its end before its partition is dropped (0: kept for ever); " +
        "usage's per-minute rollup and the ledger are kept whatever this is",
    ),
    PARTITIONS_AHEAD_MONTHS: int(3, 1).describe(
      "months of partitions the worker keeps created ahead for every partitioned table (request log, ledger, " +
        "History points and rollups, webhook deliveries and attempts, monitor runs)",
    ),
    PARTITION_MAINTENANCE_MINUTES: int(60, 1).describe(
      "how often each worker creates the months ahead and drops expired ones (one process at a time, advisory lock)",
    ),
  }),
);
