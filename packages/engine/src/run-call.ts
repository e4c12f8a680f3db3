import type { JobRecorder, OperationOutcome, OperationRegistry, OperationSpec } from "@sda/contract";
import { isServiceError, type Logger, stampPlatform } from "@sda/core";
import { isFenceEntry } from "@sda/ledger";
import { CallSpan } from "@sda/queue";
import { type ContextDeps, handlerContext } from "./context.ts";
import { fencedCallResult, type JobResult } from "./job-result.ts";
import type { JobRun } from "./jobs.ts";
import { type Call, chargedCallOf } from "./plan.ts";
import type { Reservation, ReservationDeps } from "./reservation.ts";
import type { ResultCache } from "./result-cache.ts";

/** What the worker's half of a call needs from its process. */
export interface EngineDeps extends ReservationDeps, ContextDeps {
  registry: OperationRegistry;
  cache: ResultCache;
  log: Logger;
  now?: () => Date;
  /** Told about every successful, settled call (History records snapshots); awaited, errors only logged. */
  observers?: readonly CallObserver[];
  /** Record mode (`UPSTREAM_RECORD_DIR`): each job's upstream exchanges become one HAR case file. */
  recorder?: JobRecorder;
}

/** A successful call, after it was settled: `params` parsed, `at` from `deps.now`. */
export interface CallSuccess {
  op: OperationSpec;
  params: Record<string, unknown>;
  outcome: OperationOutcome;
  requestId: string;
  accountId: string;
  at: Date;
}

/** Something that reacts to successful calls; a failing observer never fails the call. */
interface CallObserver {
  onSuccess(event: CallSuccess): void | Promise<void>;
}

/** Thrown for a job naming an operation this build does not know (a newer gateway); BullMQ must not retry it. */
export class UnknownOperationError extends Error {
  override name = "UnknownOperationError";
}

/** The operation `id` of a job. @throws UnknownOperationError. */
export function operationOf(registry: OperationRegistry, id: string): OperationSpec {
  const op = registry.byId(id);
  if (!op) throw new UnknownOperationError(`unknown operation ${id}`);
  return op;
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
  success: Omit<CallSuccess, "at">,
  deps: EngineDeps,
  now: () => Date,
  log: Logger,
): Promise<void> {
  const { op, params, outcome } = success;
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
        .then(() => observer.onSuccess({ ...success, at }))
        .catch((error: unknown) => log.warn({ err: error }, "call observer failed")),
    );
  await Promise.all(pending);
}

/** The job's logger: request id, job id, operation. */
export function callLog(deps: { log: Logger }, requestId: string, jobId: string, op: OperationSpec): Logger {
  return deps.log.child({ requestId, jobId, op: op.id });
}

/**
 * Runs one call in the worker, its hold in hand: runs the operation's handler (which may raise the hold through
 * `ctx.requireCredits`), prices the outcome, settles (`reservation.confirm`: charge the actual price and release the
 * rest, once per request id), and only then refreshes the result cache and tells the observers (together), and
 * answers — a result whose call could not be paid is neither cached nor served. Direct calls, batch items and monitor
 * runs all end here.
 *
 * @returns the job result: `ok: true` with the data, the credits charged and the balance after, or `ok: false` with
 *   the service error (the hold released) — also when the settle finds the call fenced by its gateway (answered
 *   "not billed", `Ledger.fence`): nothing is charged, stored or served then. Expected failures (bad input, platform not-found, 402) are results, not
 *   exceptions, so BullMQ does not retry them and the waiting gateway gets the structured error.
 * @throws for unexpected errors (bugs, lost connections): BullMQ retries the job up to `JOB_ATTEMPTS`; a retry cannot
 *   charge twice because the charge is keyed by the request id, and it finds its hold still there. On the final
 *   attempt the hold is released first.
 */
export async function runCall(
  call: Call,
  reservation: Reservation,
  deps: EngineDeps,
  run: JobRun,
): Promise<JobResult> {
  const { op, params, requestId, principal } = call;
  const { jobId } = run;
  const now = deps.now ?? (() => new Date());
  const log = callLog(deps, requestId, jobId, op);
  try {
    const handler = await deps.registry.handler(op.id);
    const ctx = handlerContext(deps, {
      platform: op.platform,
      operation: op.id,
      requestId,
      jobId,
      accountId: principal.accountId,
      log,
      signal: run.signal,
      now,
      requireCredits: (credits) => reservation.raise(credits),
    });
    const span = { jobId, operation: op.id };
    const work = () =>
      deps.recorder
        ? deps.recorder.record({ jobId, operation: op.id, params }, () => handler(params, ctx))
        : handler(params, ctx);
    const outcome = await spans.handler.run(span, work);
    const credits = op.price.charge(params, outcome);
    const cache = call.cacheRequested && op.cache.mode !== "none" ? "MISS" : "BYPASS";
    const settled = await spans.settle.run(span, () => reservation.confirm(credits, chargedCallOf(call)));
    if (settled.duplicate && isFenceEntry(settled.entry)) {
      // The gateway answered this call "not billed" before it could learn its outcome: neither charged nor served.
      log.warn("the call was fenced by its gateway (answered not billed); its result is dropped");
      return fencedCallResult();
    }
    const charged = settled.entry ? -settled.entry.amount : 0;
    if (settled.duplicate) log.info({ charged }, "request was already charged by an earlier attempt");
    // Paid for: now it may be stored and observed, before the answer (a caller's next call reads its own result from
    // the cache and its own History snapshot). The cache write and the observers are independent: they run together.
    const success = { op, params, outcome, requestId, accountId: principal.accountId };
    await spans.store.run(span, () => storeAndObserve(success, deps, now, log));
    return {
      ok: true,
      data: outcome.data,
      source: outcome.source,
      credits: charged,
      balance: settled.balance,
      cache,
      ...(outcome.envelope ? { envelope: outcome.envelope } : {}),
    };
  } catch (error) {
    if (isServiceError(error)) {
      // The platform's errors name it without its code writing its name (upstream errors name their provider).
      stampPlatform(error, op.platform);
      await reservation.release();
      if (error.status >= 500) log.warn({ code: error.code, details: error.details }, error.message);
      else log.info({ code: error.code }, error.message);
      return { ok: false, error: error.toJSON(), credits: 0 };
    }
    log.error({ err: error }, "unexpected error in handler");
    if (run.finalAttempt) await reservation.release();
    throw error;
  }
}
