import { isServiceError, stampPlatform } from "@sda/core";
import { handlerContext } from "./context.ts";
import type { JobResult } from "./job-result.ts";
import type { EstimateJob, JobRun } from "./jobs.ts";
import { callLog, type EngineDeps, operationOf } from "./run-call.ts";

/** The `data` of an estimate job: what the call would cost and what the price was read from. */
export interface EstimateResult {
  /** Credits the call would be charged (the operation's price rule applied to the estimate). */
  credits: number;
  /** Seconds of media the call would process, when the price depends on it. */
  durationSeconds?: number;
  /** Which path read the inputs of the price. */
  source: string;
}

/**
 * Runs an estimate job (`GET /v1/utilities/estimate` of an operation declaring `estimate`): the operation's estimate
 * function on the gateway's parsed params, priced with its own price rule. Free by construction: nothing is
 * reserved, charged, cached or observed, and `ctx.requireCredits` refuses (an estimate function must not hold
 * credits).
 * @returns `ok: true` with an {@link EstimateResult} and 0 credits, or `ok: false` with the service error the call
 *   would have answered before any billable work (e.g. 400 `duration_too_long`, `cost_exceeds_max`).
 * @throws UnknownOperationError for an operation this build does not know; unexpected errors (BullMQ retries;
 *   nothing to release).
 */
export async function runEstimateJob(job: EstimateJob, deps: EngineDeps, run: JobRun): Promise<JobResult> {
  const op = operationOf(deps.registry, job.operationId);
  const log = callLog(deps, job.requestId, run.jobId, op);
  try {
    if (!op.estimate || !deps.registry.estimator)
      throw new Error(`${op.id} has no estimate function; the gateway should not have enqueued one`);
    const estimate = await deps.registry.estimator(op.id);
    const ctx = handlerContext(deps, {
      platform: op.platform,
      operation: op.id,
      requestId: job.requestId,
      jobId: run.jobId,
      accountId: job.accountId,
      log,
      signal: run.signal,
      now: deps.now ?? (() => new Date()),
      async requireCredits() {
        throw new Error(`${op.id}: an estimate must not hold credits`);
      },
    });
    const outcome = await estimate(job.params, ctx);
    const data: EstimateResult = {
      credits: op.price.charge(job.params, outcome),
      ...(outcome.durationSeconds === undefined ? {} : { durationSeconds: outcome.durationSeconds }),
      source: outcome.source,
    };
    return { ok: true, data, source: outcome.source, credits: 0, cache: "BYPASS" };
  } catch (error) {
    if (!isServiceError(error)) throw error;
    stampPlatform(error, op.platform);
    log.info({ code: error.code }, error.message);
    return { ok: false, error: error.toJSON(), credits: 0 };
  }
}
