import { type Logger, type PeriodicTask, startPeriodicTask } from "@sda/core";
import type { JobResult } from "@sda/engine";
import { WEBHOOK_CLAIM_STALE_MS } from "./completion.ts";
import { itemPayload } from "./dispatcher.ts";
import type { BatchItemRunner } from "./run-item.ts";
import type { BatchRuntime } from "./runtime.ts";

/** What one sweep did (for logs and tests). */
export interface SweepReport {
  /** Running items whose job was missing (lost with Redis, or a crash between claim and add) and was added again. */
  requeued: number;
  /** Running items whose job had finished without a recorded result (recorded now). */
  recovered: number;
  /** Accounts dispatched because they had queued items. */
  dispatchedAccounts: number;
  /** Completion webhooks enqueued late. */
  webhooks: number;
  /** Items of expired batches deleted. */
  purged: number;
}

/** Options of {@link startBatchSweeper}. */
export interface BatchSweeperOptions {
  runtime: BatchRuntime;
  runner: BatchItemRunner;
  /** `BATCH_SWEEP_MS`. */
  intervalMs: number;
  /** A running item is checked against its job once it was claimed this long ago, in ms. */
  staleAfterMs: number;
  log: Logger;
}

/**
 * The batch reconciler each worker runs every `intervalMs`: everything the normal path (claim → job → record →
 * dispatch) cannot finish when a process or Redis goes away in between. Every step is a conditional statement or an
 * idempotent job add, so any number of workers may sweep at once.
 * - a running item whose job is gone is enqueued again under the same job id (the run is keyed by its request id);
 * - a running item whose job completed or failed for good is recorded from the job (a failure as `internal_error`);
 * - accounts with queued items are dispatched (a finishing item normally does it);
 * - finished batches whose webhook was never enqueued are notified;
 * - results of batches past `BATCH_RESULT_TTL_DAYS` are deleted.
 */
export function startBatchSweeper(options: BatchSweeperOptions): PeriodicTask<SweepReport> {
  const { runtime, runner, log } = options;
  const { store, dispatcher } = runtime;
  async function sweep(): Promise<SweepReport> {
    const now = new Date();
    const report: SweepReport = { requeued: 0, recovered: 0, dispatchedAccounts: 0, webhooks: 0, purged: 0 };
    const stale = await store.runningClaimedBefore(new Date(now.getTime() - options.staleAfterMs), 200);
    for (const item of stale) {
      const claimed = {
        batchId: item.batchId,
        index: item.index,
        requestId: item.requestId,
        accountId: item.accountId,
        keyId: item.batch.keyId,
        operation: item.operation,
        params: item.params as Record<string, string>,
      };
      const payload = itemPayload(claimed);
      const job = await dispatcher.jobOf(item.operation, item.requestId);
      if (!job) {
        await dispatcher.enqueue([claimed]);
        report.requeued++;
      } else if (job.state === "completed" && job.returnvalue) {
        await runner.finish(payload, job.returnvalue as JobResult, item.requestId, 0);
        report.recovered++;
      } else if (job.state === "failed") {
        await runner.recordCrash(payload, item.requestId, 0);
        report.recovered++;
      }
    }
    for (const accountId of await store.accountsWithQueuedItems(100)) {
      await runtime.dispatchQuietly(accountId);
      report.dispatchedAccounts++;
    }
    for (const batchId of await store.pendingWebhooks(new Date(now.getTime() - WEBHOOK_CLAIM_STALE_MS), 50)) {
      await runtime.completion.notify(batchId, now);
      report.webhooks++;
    }
    report.purged = await store.purgeExpired(now, 5000);
    return report;
  }

  return startPeriodicTask(options.intervalMs, sweep, {
    error: (error) => log.warn({ err: error }, "batch sweep failed"),
  });
}
