import {
  isServiceError,
  type JobRecorder,
  type Logger,
  type OperationContext,
  type OperationDefinition,
  type OperationOutcome,
  parseParams,
  type SerializedServiceError,
  ServiceError,
} from "@sda/core";
import type { Ledger } from "@sda/ledger";
import { CallSpan, type JobPayload, type JobResult } from "@sda/queue";
import { type EstimateDeps, runEstimate } from "./estimate.ts";
import { HOLD_WORD_WAIT_MS, type HoldWord, HoldWords } from "./hold-words.ts";
import { holdFor } from "./plan.ts";
import type { ResultCache } from "./result-cache.ts";

/** What the engine needs from its process: what an estimate needs, plus the ledger and the result cache. */
export interface EngineDeps extends Omit<EstimateDeps, "now"> {
  ledger: Ledger;
  cache: ResultCache;
  now?: () => Date;
  /** Told about every successful, settled call (History records snapshots); awaited, errors only logged. */
  observers?: readonly CallObserver[];
  /** Record mode (`UPSTREAM_RECORD_DIR`): each job's upstream exchanges become one HAR case file. */
  recorder?: JobRecorder;
  /** How long a speculative call waits for the gateway's hold word (ms; default {@link HOLD_WORD_WAIT_MS}). */
  holdWordWaitMs?: number;
}

/** A successful call, after it was settled: `params` parsed, `at` from `deps.now`. */
export interface CallSuccess {
  op: OperationDefinition;
  params: Record<string, unknown>;
  outcome: OperationOutcome;
  payload: JobPayload;
  at: Date;
}

/** Something that reacts to successful calls; a failing observer never fails the call. */
export interface CallObserver {
  onSuccess(event: CallSuccess): void | Promise<void>;
}

/** How the worker runs this attempt of a job. */
export interface ExecuteOptions {
  /**
   * True when BullMQ will not retry this job if it throws (its last attempt): an unexpected error then releases the
   * call's reservation before it propagates. Earlier attempts keep it for the retry.
   */
  finalAttempt?: boolean;
}

/** Thrown for a job naming an operation this build does not know (a newer gateway); BullMQ must not retry it. */
export class UnknownOperationError extends Error {
  override name = "UnknownOperationError";
}

/** The worker's spans of a call (see {@link CallSpan}); published only while a process subscribes (the bench). */
const spans = {
  handler: new CallSpan("sda:engine:handler"),
  settle: new CallSpan("sda:engine:settle"),
  store: new CallSpan("sda:engine:store"),
};

/**
 * After a call was settled: refreshes the result cache (when the operation caches) and tells every observer, all at
 * once. A cache write that fails loses a future hit, never this answer; a failing observer is logged, never fails
 * the call.
 */
async function storeAndObserve(
  call: Omit<CallSuccess, "at">,
  deps: EngineDeps,
  now: () => Date,
  log: Logger,
): Promise<void> {
  const { op, params, outcome } = call;
  const pending: Promise<unknown>[] = [];
  if (op.cache.mode !== "none")
    pending.push(
      deps.cache
        .set(op, params, outcome, now())
        .catch((error: unknown) => log.warn({ err: error }, "result cache write failed")),
    );
  const at = now();
  for (const observer of deps.observers ?? [])
    pending.push(
      Promise.resolve()
        .then(() => observer.onSuccess({ ...call, at }))
        .catch((error: unknown) => log.warn({ err: error }, "call observer failed")),
    );
  await Promise.all(pending);
}

/**
 * Runs one call in the worker: parses the params with the operation's schema, makes sure credits are held for it,
 * runs its handler, prices the outcome, settles (charge the actual price and release the hold, once per request id),
 * and only then refreshes the result cache and tells the observers (together), and answers — a result whose call could
 * not be paid is neither cached nor served.
 *
 * Calls that did not pass the gateway (batch items, monitor runs: `payload.reservedCredits` undefined) reserve here
 * first; a 402 is then their result.
 *
 * @returns the job result: `ok: true` with the data, the credits charged and the balance after, or `ok: false` with
 *   the service error (its hold released). Expected failures (bad input, platform not-found, 402) are results, not
 *   exceptions, so BullMQ does not retry them and the waiting gateway gets the structured error.
 * @throws for unexpected errors (bugs, lost connections): BullMQ retries the job up to `JOB_ATTEMPTS`; a retry cannot
 *   charge twice because the charge is keyed by the request id, and it finds its reservation still held.
 */
export async function executeJob(
  payload: JobPayload,
  jobId: string,
  deps: EngineDeps,
  signal: AbortSignal,
  options: ExecuteOptions = {},
): Promise<JobResult> {
  const op = deps.registry.byId(payload.operationId);
  if (!op) throw new UnknownOperationError(`unknown operation ${payload.operationId}`);
  const now = deps.now ?? (() => new Date());
  const log = deps.log.child({ requestId: payload.requestId, jobId, op: op.id });
  if (payload.mode === "estimate") return runEstimate(op, payload, jobId, { ...deps, log, now }, signal);
  const { accountId, requestId } = payload;
  const reserve = (credits: number) =>
    deps.ledger.reserve({
      accountId,
      requestId,
      credits,
      operation: op.id,
      ttlSeconds: deps.config.RESERVATION_TTL_SECONDS,
    });
  // A speculative call (enqueued while the gateway's reservation ran): nothing touches money or storage before the
  // gateway's word on the hold is known (`hold-words.ts`); listened for once, alongside the handler.
  let word: Promise<HoldWord | null> | undefined;
  const hearHold = () => {
    word ??= new HoldWords(deps.redis, deps.keyPrefix).hear(
      requestId,
      signal,
      deps.holdWordWaitMs ?? HOLD_WORD_WAIT_MS,
    );
    return word;
  };
  /** The call's error when the gateway did not confirm its hold, else null (go on); decided once per job. */
  let refused: Promise<SerializedServiceError | null> | undefined;
  const refusal = () => {
    refused ??= (async () => {
      if (!payload.speculative) return null;
      const heard = await hearHold();
      if (heard?.kind === "held") return null;
      if (heard?.kind === "refused") {
        log.info({ code: heard.error.code }, "refused at the gateway; the result is discarded");
        return heard.error;
      }
      // No word: the gateway died between its reservation and its word. Give back whatever is held.
      await deps.ledger.release(requestId);
      log.warn("no word from the gateway on this call's reservation; released and failed");
      return new ServiceError(
        "service_unavailable",
        "the call's reservation could not be confirmed; it was not billed",
        { retryAfterSeconds: 2 },
      ).toJSON();
    })();
    return refused;
  };
  try {
    const params = parseParams(op.params, payload.params) as Record<string, unknown>;
    const handler = await deps.registry.handler(op.id);
    if (payload.reservedCredits === undefined) await reserve(holdFor(op, params));
    const ctx: OperationContext = {
      requestId,
      jobId,
      accountId,
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
        const refusedWith = await refusal();
        if (refusedWith) throw ServiceError.fromJSON(refusedWith);
        await reserve(credits);
      },
    };
    const span = { jobId, operation: op.id };
    const run = () =>
      deps.recorder
        ? deps.recorder.record({ jobId, operation: op.id, params }, () => handler(params, ctx))
        : handler(params, ctx);
    // Listened for while the handler runs (its reads are cheap), so the word is usually known when the handler ends.
    if (payload.speculative) hearHold().catch(() => undefined);
    const outcome = await spans.handler.run(span, run);
    const refusedWith = await refusal();
    if (refusedWith) return { ok: false, error: refusedWith, credits: 0 };
    const credits = op.price.charge(params, outcome);
    const settled = await spans.settle.run(span, () =>
      deps.ledger.settle({ accountId, requestId, credits, operation: op.id }),
    );
    const charged = settled.entry ? -settled.entry.amount : 0;
    if (settled.duplicate) log.info({ charged }, "request was already charged by an earlier attempt");
    // Paid for: now it may be stored and observed, before the answer (a caller's next call reads its own result from
    // the cache and its own History snapshot). The cache write and the observers are independent: they run together.
    await spans.store.run(span, () => storeAndObserve({ op, params, outcome, payload }, deps, now, log));
    return {
      ok: true,
      data: outcome.data,
      source: outcome.source,
      credits: charged,
      balance: settled.balance,
      cache: payload.cacheRequested && op.cache.mode !== "none" ? "MISS" : "BYPASS",
      ...(outcome.envelope ? { envelope: outcome.envelope } : {}),
    };
  } catch (error) {
    if (isServiceError(error)) {
      // A speculative call's hold may still be on its way: its word first, so the release finds it.
      if (payload.speculative) await hearHold().catch(() => null);
      await deps.ledger.release(requestId);
      if (error.status >= 500) log.warn({ code: error.code, details: error.details }, error.message);
      else log.info({ code: error.code }, error.message);
      return { ok: false, error: error.toJSON(), credits: 0 };
    }
    log.error({ err: error }, "unexpected error in handler");
    if (options.finalAttempt) {
      // As above: a speculative call's hold may still be on its way.
      if (payload.speculative) await hearHold().catch(() => null);
      await deps.ledger
        .release(requestId)
        .catch((releaseError: unknown) =>
          log.warn({ err: releaseError }, "release failed; the sweeper will release the hold"),
        );
    }
    throw error;
  }
}
