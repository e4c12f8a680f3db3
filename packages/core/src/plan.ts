import type { ServiceConfig } from "./env.ts";

/**
 * The limits of an account's plan. Every account is on the free plan until paid plans exist; its limits come from the
 * configuration that the gateway, batch and monitor groups enforce (`RATE_LIMIT_PER_SECOND`,
 * `BATCH_MAX_RUNNING_PER_ACCOUNT`, `PLAN_MAX_MONITORS`, `MONITOR_MIN_INTERVAL_SECONDS`), so `GET /v1/account` shows
 * exactly the numbers that apply.
 */
export interface Plan {
  name: string;
  /** Calls per second per API key. */
  rateLimitPerSecond: number;
  /** Batch items one account may have in flight at once (alone; accounts running batches together share it). */
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
    maxConcurrentBatchItems: batchShare(config).fixed ?? batchShare(config).capacity,
    maxMonitors: config.PLAN_MAX_MONITORS,
    minMonitorInterval: config.MONITOR_MIN_INTERVAL_SECONDS,
  };
}

/**
 * How many batch items an account may run at once: a `fixed` cap (`BATCH_MAX_RUNNING_PER_ACCOUNT`), or else an equal
 * share of `capacity` (`BATCH_CAPACITY`, default 32) among the accounts with items running.
 */
export function batchShare(config: ServiceConfig): { fixed: number | null; capacity: number } {
  return {
    fixed: config.BATCH_MAX_RUNNING_PER_ACCOUNT ?? null,
    capacity: config.BATCH_CAPACITY,
  };
}
