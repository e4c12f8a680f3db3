import type { ServiceConfig } from "./env.ts";

/**
 * The limits of an account's plan. Every account is on the free plan until paid plans exist; its limits come from the
 * configuration (`RATE_LIMIT_PER_SECOND`, `PLAN_*`), so the batch and monitor groups read the same numbers that
 * `GET /v1/account` shows.
 */
export interface Plan {
  name: string;
  /** Calls per second per API key. */
  rateLimitPerSecond: number;
  /** Batch items one account may have in flight at once. */
  maxConcurrentBatchItems: number;
  /** Monitors one account may keep. */
  maxMonitors: number;
  /** Shortest interval between two runs of one monitor, in seconds. */
  minMonitorInterval: number;
}

/** The plan of every account today: "free", with the configured limits. */
export function freePlan(config: ServiceConfig): Plan {
  return {
    name: "free",
    rateLimitPerSecond: config.RATE_LIMIT_PER_SECOND,
    maxConcurrentBatchItems: config.PLAN_MAX_CONCURRENT_BATCH_ITEMS,
    maxMonitors: config.PLAN_MAX_MONITORS,
    minMonitorInterval: config.PLAN_MIN_MONITOR_INTERVAL_SECONDS,
  };
}
