import { batchShare } from "@sda/batch/env";
import { monitorsEnv } from "@sda/monitors/env";
import type { GatewayConfig } from "../../env.ts";

/**
 * The limits of an account's plan. Every account is on the free plan until paid plans exist; its limits come from the
 * configuration that the gateway, batch and monitor groups enforce (`RATE_LIMIT_PER_SECOND`,
 * `BATCH_MAX_RUNNING_PER_ACCOUNT` or `BATCH_CAPACITY`, `PLAN_MAX_MONITORS`, `MONITOR_MIN_INTERVAL_SECONDS`), so `GET /v1/account` shows
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
export function freePlan(config: GatewayConfig): Plan {
  const monitors = monitorsEnv.of(config);
  const share = batchShare(config);
  return {
    name: "free",
    rateLimitPerSecond: config.RATE_LIMIT_PER_SECOND,
    maxConcurrentBatchItems: share.fixed ?? share.capacity,
    maxMonitors: monitors.PLAN_MAX_MONITORS,
    minMonitorInterval: monitors.MONITOR_MIN_INTERVAL_SECONDS,
  };
}
