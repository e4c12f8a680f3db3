import {
  type CursorCodec,
  type HttpClient,
  isServiceError,
  type Logger,
  type OperationContext,
  type OperationDefinition,
  type OperationRegistry,
  parseParams,
  type ServiceConfig,
} from "@sda/core";
import type { JobPayload, JobResult } from "@sda/queue";
import type { Redis } from "ioredis";

/** What {@link runEstimate} needs from the worker (a subset of the engine's deps: no ledger, no cache). */
export interface EstimateDeps {
  registry: OperationRegistry;
  http: HttpClient;
  redis: Redis;
  keyPrefix: string;
  cursors: CursorCodec;
  config: ServiceConfig;
  /** The job's logger. */
  log: Logger;
  now: () => Date;
}

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
 * Runs an estimate job (`payload.mode === "estimate"`): the operation's estimate function, priced with its own price
 * rule. Free by construction: nothing is reserved, charged, cached or observed, and `ctx.requireCredits` refuses
 * (an estimate function must not hold credits).
 * @returns `ok: true` with an {@link EstimateResult} and 0 credits, or `ok: false` with the service error the call
 *   would have answered before any billable work (e.g. 400 `duration_too_long`, `cost_exceeds_max`).
 * @throws for unexpected errors (BullMQ retries; nothing to release).
 */
export async function runEstimate(
  op: OperationDefinition,
  payload: JobPayload,
  jobId: string,
  deps: EstimateDeps,
  signal: AbortSignal,
): Promise<JobResult> {
  try {
    if (!op.estimate || !deps.registry.estimator)
      throw new Error(`${op.id} has no estimate function; the gateway should not have enqueued one`);
    const params = parseParams(op.params, payload.params) as Record<string, unknown>;
    const estimate = await deps.registry.estimator(op.id);
    const ctx: OperationContext = {
      requestId: payload.requestId,
      jobId,
      accountId: payload.accountId,
      config: deps.config,
      env: deps.config,
      log: deps.log,
      http: deps.http,
      redis: deps.redis,
      keyPrefix: deps.keyPrefix,
      cursors: deps.cursors,
      signal,
      now: deps.now,
      async requireCredits() {
        throw new Error(`${op.id}: an estimate must not hold credits`);
      },
    };
    const outcome = await estimate(params, ctx);
    const data: EstimateResult = {
      credits: op.price.charge(params, outcome),
      ...(outcome.durationSeconds === undefined ? {} : { durationSeconds: outcome.durationSeconds }),
      source: outcome.source,
    };
    return { ok: true, data, source: outcome.source, credits: 0, cache: "BYPASS" };
  } catch (error) {
    if (!isServiceError(error)) throw error;
    deps.log.info({ code: error.code }, error.message);
    return { ok: false, error: error.toJSON(), credits: 0 };
  }
}
