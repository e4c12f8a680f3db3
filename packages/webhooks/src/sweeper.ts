import { type Logger, type PeriodicTask, startPeriodicTask } from "@sda/core";
import type { WebhookClient } from "./client.ts";

/** How often each worker process looks for deliveries whose attempt job was lost, in ms. */
const WEBHOOK_SWEEP_INTERVAL_MS = 60_000;

/** A next attempt overdue by more than this (ms) is looked at by the sweeper (a job due now normally starts at once). */
const WEBHOOK_SWEEP_GRACE_MS = 120_000;

/**
 * Re-queues, every {@link WEBHOOK_SWEEP_INTERVAL_MS}, the attempts of deliveries left `pending` without a job
 * ({@link WebhookClient.requeueOverdue}). Every worker process runs one; re-adding an attempt is idempotent (its job
 * id), so concurrent sweepers need no leader.
 * @param options.graceMs how overdue a next attempt must be to be looked at (default {@link WEBHOOK_SWEEP_GRACE_MS}).
 */
export function startWebhookSweeper(
  client: WebhookClient,
  log: Logger,
  options: { graceMs?: number } = {},
): PeriodicTask<number> {
  const graceMs = options.graceMs ?? WEBHOOK_SWEEP_GRACE_MS;
  return startPeriodicTask(WEBHOOK_SWEEP_INTERVAL_MS, () => client.requeueOverdue(graceMs), {
    result: (found) => {
      if (found > 0) log.info({ found }, "overdue webhook deliveries re-queued");
    },
    error: (error) => log.warn({ err: error }, "webhook sweep failed"),
  });
}
