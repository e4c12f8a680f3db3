import type { Logger } from "@sda/core";
import type { WebhookClient } from "./client.ts";

/** How often each worker process looks for deliveries whose attempt job was lost, in ms. */
export const WEBHOOK_SWEEP_INTERVAL_MS = 60_000;

/** A next attempt overdue by more than this (ms) is looked at by the sweeper (a job due now normally starts at once). */
export const WEBHOOK_SWEEP_GRACE_MS = 120_000;

/** A running webhook sweeper; `stop` ends its timer (an in-flight sweep finishes on its own). */
export interface WebhookSweeper {
  /** Runs one sweep now. @returns the overdue deliveries looked at. */
  sweep(graceMs?: number): Promise<number>;
  stop(): void;
}

/**
 * Re-queues, every {@link WEBHOOK_SWEEP_INTERVAL_MS}, the attempts of deliveries left `pending` without a job
 * ({@link WebhookClient.requeueOverdue}). Every worker process runs one; re-adding an attempt is idempotent (its job
 * id), so concurrent sweepers need no leader.
 */
export function startWebhookSweeper(client: WebhookClient, log: Logger): WebhookSweeper {
  let running: Promise<number> | null = null;
  const sweep = async (graceMs = WEBHOOK_SWEEP_GRACE_MS) => {
    running ??= client.requeueOverdue(graceMs).finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => {
    sweep()
      .then((found) => found > 0 && log.info({ found }, "overdue webhook deliveries re-queued"))
      .catch((error: unknown) => log.warn({ err: error }, "webhook sweep failed"));
  }, WEBHOOK_SWEEP_INTERVAL_MS);
  timer.unref();
  return { sweep, stop: () => clearInterval(timer) };
}
