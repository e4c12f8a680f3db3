import { isServiceError } from "@sda/core";
import {
  type EngineDeps,
  type ExecuteOptions,
  executeJob,
  planCall,
  UnknownOperationError,
} from "@sda/engine";
import { internalErrorResult, type JobPayload, type JobResult } from "@sda/queue";
import { itemOutcome, logBatchItem } from "./outcome.ts";
import type { BatchRuntime } from "./runtime.ts";

/**
 * Runs batch items in the worker: each item is the same call as a direct one, through the same engine. `planCall`
 * answers from the result cache when the item asks for it (billing hits where the operation does) or reserves its
 * hold — a 402 there is the item's result, nothing billed — and `executeJob` runs, prices and settles it under the
 * item's own request id. The result is then recorded once in PostgreSQL, the request log gets its row, the batch's
 * completion webhook goes out when it was the last item, and the freed slot is refilled.
 *
 * Built against a worker killed mid-item: BullMQ re-runs the stalled job; the reservation and the charge are keyed by
 * the request id (billed at most once, the re-run reports the first charge), and the item is recorded by the first
 * attempt that finishes only.
 */
export class BatchItemRunner {
  constructor(
    private readonly runtime: BatchRuntime,
    private readonly engine: EngineDeps,
  ) {}

  /**
   * Runs one item job. @returns the call's result (also the job's return value).
   * @throws for unexpected errors, as `executeJob` does (BullMQ retries); on the final attempt the item is recorded
   *   failed (`internal_error`, with whatever was charged) before the error propagates, so the batch still completes.
   */
  async run(
    payload: JobPayload,
    jobId: string,
    signal: AbortSignal,
    options: ExecuteOptions & {
      /** True on the job's first run (no earlier attempt, never stalled): no earlier charge to look for. */
      firstRun?: boolean;
    },
  ): Promise<JobResult> {
    const started = performance.now();
    const op = this.engine.registry.byId(payload.operationId);
    if (!op) throw new UnknownOperationError(`unknown operation ${payload.operationId}`);
    let result: JobResult;
    try {
      // An earlier attempt charged this request and died before recording it: run it again without a new hold (a
      // 402 now would hide the charge); settle finds the charge and bills nothing more.
      if (!options.firstRun && (await this.engine.ledger.chargesFor(payload.requestId)).length > 0) {
        result = await executeJob({ ...payload, reservedCredits: 0 }, jobId, this.engine, signal, options);
        await this.finish(payload, result, jobId, performance.now() - started);
        return result;
      }
      const plan = await planCall(
        op,
        payload.params,
        { accountId: payload.accountId, keyId: payload.keyId },
        payload.requestId,
        {
          ledger: this.engine.ledger,
          cache: this.engine.cache,
          reservationTtlSeconds: this.engine.config.RESERVATION_TTL_SECONDS,
        },
      );
      result =
        plan.kind === "answer"
          ? plan.answer
          : await executeJob(
              { ...plan.payload, origin: payload.origin },
              jobId,
              this.engine,
              signal,
              options,
            );
    } catch (error) {
      if (isServiceError(error)) {
        // planCall refused before anything was held (402, a parameter this build reads differently).
        result = { ok: false, error: error.toJSON(), credits: 0 };
      } else {
        if (options.finalAttempt) await this.recordCrash(payload, jobId, performance.now() - started);
        throw error;
      }
    }
    await this.finish(payload, result, jobId, performance.now() - started);
    return result;
  }

  /**
   * Records a finished item (once), logs it, sends the completion webhook when it was the batch's last, and refills
   * the account's free slots. Also used by the sweeper for jobs that finished without a recorded item.
   */
  async finish(payload: JobPayload, result: JobResult, jobId: string, durationMs: number): Promise<void> {
    const { store, completion } = this.runtime;
    const outcome = itemOutcome(result);
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
   * ledger. The reservation is released (executeJob did on its final attempt; the sweeper path needs it here).
   */
  async recordCrash(payload: JobPayload, jobId: string, durationMs: number): Promise<void> {
    const { ledger } = this.engine;
    await ledger.release(payload.requestId).catch(() => undefined);
    const charged = (await ledger.chargesFor(payload.requestId)).reduce((sum, e) => sum - e.amount, 0);
    const result: JobResult = internalErrorResult();
    const outcome = { ...itemOutcome(result), credits: charged };
    const batch = await this.runtime.store.record(payload.requestId, outcome, new Date());
    if (batch) {
      const path = this.engine.registry.byId(payload.operationId)?.path ?? payload.operationId;
      await logBatchItem(ledger, this.engine.log, payload, { path, outcome, durationMs, jobId });
      if (batch.completedAt) await this.runtime.completion.notify(batch.id);
    }
    await this.runtime.dispatchQuietly(payload.accountId);
  }
}
