import {
  type CursorCodec,
  type HttpClient,
  isServiceError,
  type Logger,
  type OperationContext,
  type OperationRegistry,
  parseParams,
  type ServiceConfig,
} from "@sda/core";
import { insufficientCredits, type Ledger } from "@sda/ledger";
import type { JobPayload, JobResult } from "@sda/queue";
import type { Redis } from "ioredis";
import type { ResultCache } from "./result-cache.ts";

/** What the engine needs from its process. */
export interface EngineDeps {
  registry: OperationRegistry;
  ledger: Ledger;
  cache: ResultCache;
  http: HttpClient;
  redis: Redis;
  keyPrefix: string;
  cursors: CursorCodec;
  config: ServiceConfig;
  log: Logger;
  now?: () => Date;
}

/** Thrown for a job naming an operation this build does not know (a newer gateway); BullMQ must not retry it. */
export class UnknownOperationError extends Error {
  override name = "UnknownOperationError";
}

/**
 * Runs one call: parses the params with the operation's schema, runs its handler, prices the outcome, charges the
 * account once per request id, and refreshes the result cache.
 *
 * @returns the job result: `ok: true` with the data and the credits charged, or `ok: false` with the service error.
 *   Expected failures (bad input, platform not-found, 402 at charge time) are results, not exceptions, so BullMQ does
 *   not retry them and the waiting gateway gets the structured error.
 * @throws for unexpected errors (bugs, lost connections): BullMQ retries the job up to `JOB_ATTEMPTS`; a retry cannot
 *   charge twice because the charge is keyed by the request id.
 */
export async function executeJob(
  payload: JobPayload,
  jobId: string,
  deps: EngineDeps,
  signal: AbortSignal,
): Promise<JobResult> {
  const op = deps.registry.byId(payload.operationId);
  if (!op) throw new UnknownOperationError(`unknown operation ${payload.operationId}`);
  const now = deps.now ?? (() => new Date());
  const log = deps.log.child({ requestId: payload.requestId, jobId, op: op.id });
  try {
    const params = parseParams(op.params, payload.params);
    const handler = await deps.registry.handler(op.id);
    const ctx: OperationContext = {
      requestId: payload.requestId,
      jobId,
      accountId: payload.accountId,
      config: deps.config,
      // The full configuration holds every platform's parsed env slice; the handler reads its own through it.
      env: deps.config,
      log,
      http: deps.http,
      redis: deps.redis,
      keyPrefix: deps.keyPrefix,
      cursors: deps.cursors,
      signal,
      now,
      async requireCredits(credits) {
        const balance = (await deps.ledger.balance(payload.accountId)) ?? 0;
        if (balance < credits) throw insufficientCredits(credits, balance);
      },
    };
    const outcome = await handler(params, ctx);
    if (op.cache.mode !== "none") await deps.cache.set(op, payload.params, outcome, now());
    const credits = op.price.charge(params as Record<string, unknown>, outcome);
    const charge = await deps.ledger.charge({
      accountId: payload.accountId,
      credits,
      requestId: payload.requestId,
      operation: op.id,
    });
    const charged = charge.entry ? -charge.entry.amount : 0;
    if (charge.duplicate) log.info({ charged }, "request was already charged by an earlier attempt");
    return {
      ok: true,
      data: outcome.data,
      source: outcome.source,
      credits: charged,
      cache: payload.cacheRequested && op.cache.mode !== "none" ? "MISS" : "BYPASS",
      ...(outcome.envelope ? { envelope: outcome.envelope } : {}),
    };
  } catch (error) {
    if (isServiceError(error)) {
      if (error.status >= 500) log.warn({ code: error.code, details: error.details }, error.message);
      else log.info({ code: error.code }, error.message);
      return { ok: false, error: error.toJSON(), credits: 0 };
    }
    log.error({ err: error }, "unexpected error in handler");
    throw error;
  }
}
