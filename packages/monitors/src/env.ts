import { defineFeatureEnv, envVar } from "@sda/core";
import { z } from "zod";

const { int } = envVar;

/** The monitors' variables (the free plan's monitor limit, shortest schedule, runs per worker, runs' retention). */
export const monitorsEnv = defineFeatureEnv(
  "monitors",
  z.object({
    PLAN_MAX_MONITORS: int(5, 0).describe(
      "free plan: monitors (items and tracking) one account keeps; beyond it 409 `monitor_limit_reached`",
    ),
    MONITOR_MIN_INTERVAL_SECONDS: int(300, 1).describe(
      "shortest monitor schedule (interval, or gap between cron firings)",
    ),
    MONITOR_CONCURRENCY: int(4, 0).describe(
      "monitor runs in flight per worker process (0: this process runs no monitors, nor their start-up reconcile)",
    ),
    MONITOR_RECONCILE_SECONDS: int(60, 1).describe(
      "how often each monitor-running worker rebuilds missing job schedulers of active monitors from PostgreSQL " +
        "(after Redis lost its data): one process at a time, under an advisory lock; a lost schedule is back " +
        "within this time",
    ),
    MONITOR_RUN_RETENTION_DAYS: int(90, 0).describe(
      "days a month of `monitor_runs` is kept after its end before its partition is dropped (0: kept for ever); " +
        "what the runs billed stays in the ledger",
    ),
  }),
);
