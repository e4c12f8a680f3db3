import {
  type BatchItemJob,
  callOfJob,
  type EngineDeps,
  internalErrorResult,
  type JobResult,
  type JobRun,
  planAndRunCall,
  Reservation,
} from "@sda/engine";
import { itemOutcome, logBatchItem } from "./outcome.ts";
import type { BatchRuntime } from "./runtime.ts";

/**
 * Runs batch items in the worker (the runner of the engine's `batch-item` jobs): each item is the same call as a
 * direct one, through the same engine functions. `planAndRunCall` answers from the result cache when the item asks
 * for it (billing hits where the operation does) or holds its price — a 402 there is the item's result, nothing
 * billed — and runs, prices and settles it under the item's own request id. The result is then recorded once in
 * PostgreSQL, the request log gets its row, the batch's completion webhook goes out when it was the last item, and the
 * freed slot is refilled.
 *
 * Built against a worker killed mid-item: BullMQ re-runs the stalled job; the hold and the charge are keyed by the
 * request id (billed at most once, the re-run reports the first charge), and the item is recorded by the first
 * attempt that finishes only.
 */
export class BatchItemRunner {
  constructor(
    private readonly runtime: BatchRuntime,
    private readonly engine: EngineDeps,
  ) {}

  /**
   * Runs one item job. @returns the call's result (also the job's return value).
   * @throws UnknownOperationError for an operation this build does not know; unexpected errors, as `runCall` does
   *   (BullMQ retries); on the final attempt the item is recorded failed (`internal_error`, with whatever was
   *   charged) before the error propagates, so the batch still completes.
   */
  async run(job: BatchItemJob, run: JobRun): Promise<JobResult> {
    const started = performance.now();
    const call = { ...callOfJob(job, this.engine.registry), raw: job.params, batchId: job.batchId };
    let result: JobResult;
    try {
      // An earlier attempt charged this request and died before recording it: run it again without a new hold.
      const chargedBefore = !run.firstRun && (await this.engine.ledger.chargesFor(job.requestId)).length > 0;
      result = await planAndRunCall(call, this.engine, run, { readCache: true, chargedBefore });
    } catch (error) {
      if (run.finalAttempt) await this.recordCrash(job, run.jobId, performance.now() - started);
      throw error;
    }
    await this.finish(job, result, run.jobId, performance.now() - started);
    return result;
  }

  /**
   * Records a finished item (once), logs it, sends the completion webhook when it was the batch's last, and refills
   * the account's free slots. Also used by the sweeper for jobs that finished without a recorded item.
   */
  async finish(payload: BatchItemJob, result: JobResult, jobId: string, durationMs: number): Promise<void> {
    const { store, completion } = this.runtime;
    const outcome = itemOutcome(result, this.runtime.errorCodes);
    const batch = await store.record(payload.requestId, outcome, new Date());
    // The freed slot is refilled while the log row is written: neither waits for the other.
    const refill = this.runtime.dispatchQuietly(payload.accountId);
    if (batch) {
      const path = this.engine.registry.byId(payload.operationId)?.path ?? payload.operationId;
      await logBatchItem(this.engine.ledger, this.engine.log, payload, { path, outcome, durationMs, jobId });
      if (batch.completedAt) await completion.notify(batch.id);
    }
    await refill;
  }

  /**
   * Records an item whose job will not be retried any more (crash loop, unexpected error) as failed with a retryable
   * `internal_error`; its credits are what its request id was charged (normally 0), so `creditsCharged` matches the
   * ledger. The hold is released (`runCall` did on its final attempt; the sweeper path needs it here).
   */
  async recordCrash(payload: BatchItemJob, jobId: string, durationMs: number): Promise<void> {
    const { ledger } = this.engine;
    const key = {
      requestId: payload.requestId,
      accountId: payload.accountId,
      operation: payload.operationId,
    };
    await Reservation.of(key, 0, this.engine).release();
    const charged = (await ledger.chargesFor(payload.requestId)).reduce((sum, e) => sum - e.amount, 0);
    const result: JobResult = internalErrorResult();
    const outcome = { ...itemOutcome(result, this.runtime.errorCodes), credits: charged };
    const batch = await this.runtime.store.record(payload.requestId, outcome, new Date());
    if (batch) {
      const path = this.engine.registry.byId(payload.operationId)?.path ?? payload.operationId;
      await logBatchItem(ledger, this.engine.log, payload, { path, outcome, durationMs, jobId });
      if (batch.completedAt) await this.runtime.completion.notify(batch.id);
    }
    await this.runtime.dispatchQuietly(payload.accountId);
  }
}
