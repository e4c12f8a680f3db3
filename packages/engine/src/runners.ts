import { isServiceError, type OperationSpec, ServiceError } from "@sda/core";
import { HOLD_WORD_WAIT_MS, HoldWords } from "./hold-words.ts";
import { callOfJob } from "./job-call.ts";
import type { JobResult } from "./job-result.ts";
import type { CallJob, JobRun } from "./jobs.ts";
import { type CallPlan, type CallPrincipal, cacheRequested, planCall, validateCallParams } from "./plan.ts";
import { Reservation } from "./reservation.ts";
import { callLog, type EngineDeps, runCall } from "./run-call.ts";

/**
 * Runs a direct API call's job: the gateway parsed its params and holds its credits (or, for a speculative job, is
 * still reserving them: the word on that hold is awaited BEFORE anything runs, so a call the gateway refused makes no
 * upstream request and moves no credit — its result is the refusal the caller got). Then {@link runCall}.
 * @returns the call's result (see `runCall`); a 503 `service_unavailable` (hold released, unbilled) when the gateway's
 *   word never came within `holdWordWaitMs` (it died in between).
 * @throws UnknownOperationError for an operation this build does not know; unexpected errors as `runCall`.
 */
export async function runCallJob(job: CallJob, deps: EngineDeps, run: JobRun): Promise<JobResult> {
  const named = callOfJob(job, deps.registry);
  const { op } = named;
  const key = { requestId: job.requestId, accountId: job.accountId, operation: op.id };
  const reservation = Reservation.of(key, job.hold.credits, deps);
  if (job.hold.speculative) {
    const log = callLog(deps, job.requestId, run.jobId, op);
    const word = await new HoldWords(deps.redis, deps.keyPrefix).hear(
      job.requestId,
      run.signal,
      deps.holdWordWaitMs ?? HOLD_WORD_WAIT_MS,
    );
    if (word?.kind === "refused") {
      log.info({ code: word.error.code }, "refused at the gateway; not run");
      return { ok: false, error: word.error, credits: 0 };
    }
    if (!word) {
      // The gateway died between its reservation and its word: give back whatever is held.
      await reservation.release();
      log.warn("no word from the gateway on this call's reservation; released and failed");
      return {
        ok: false,
        credits: 0,
        error: new ServiceError(
          "service_unavailable",
          "the call's reservation could not be confirmed; it was not billed",
          { retryAfterSeconds: 2 },
        ).toJSON(),
      };
    }
  }
  const call = {
    ...named,
    params: job.params,
    cacheRequested: job.cacheRequested,
    calledAt: new Date(job.enqueuedAt),
  };
  return runCall(call, reservation, deps, run);
}

/** A call that starts in the worker (a batch item, a monitor run): the caller's raw parameters, not yet parsed. */
export interface WorkerCall {
  op: OperationSpec;
  /** The parameters as the caller gave them (a batch item's stored values, a monitor's). */
  raw: Record<string, unknown>;
  principal: CallPrincipal;
  requestId: string;
  /** The batch or monitor it runs for (named on its request-log row). */
  batchId?: string;
  monitorId?: string;
}

/** How {@link planAndRunCall} plans. */
export interface PlanAndRunOptions {
  /** Read the result cache when the call asks for it (batch items); false for monitor runs. */
  readCache: boolean;
  /**
   * An earlier attempt charged this request id and died before recording its result: run it again without a new
   * hold (a 402 now would hide the charge); the settle finds the charge and bills nothing more.
   */
  chargedBefore?: boolean;
}

/** The plan of a call charged before: parameters checked, nothing held, nothing read from the cache. */
function unheldPlan(call: WorkerCall, deps: EngineDeps): CallPlan {
  const { op, principal, requestId } = call;
  const params = validateCallParams(op, call.raw);
  const key = { requestId, accountId: principal.accountId, operation: op.id };
  return {
    kind: "run",
    call: { op, params, principal, requestId, cacheRequested: cacheRequested(op, params), ...originOf(call) },
    credits: 0,
    reservation: Promise.resolve(Reservation.of(key, 0, deps)),
    speculative: false,
  };
}

/** A worker call's request-log names: its batch or monitor, and now as its call time. */
function originOf(call: WorkerCall) {
  return {
    calledAt: new Date(),
    ...(call.batchId ? { batchId: call.batchId } : {}),
    ...(call.monitorId ? { monitorId: call.monitorId } : {}),
  };
}

/**
 * A call that starts in the worker (a batch item, a monitor run): {@link planCall} (parameters, cache, hold — nothing
 * speculative) then {@link runCall}, under the call's own request id. A refusal before anything was held (invalid
 * parameters, 402) is the call's result, like any expected failure.
 * @returns the call's result. @throws unexpected errors (BullMQ retries; the plan's hold is found again by its
 *   request id).
 */
export async function planAndRunCall(
  call: WorkerCall,
  deps: EngineDeps,
  run: JobRun,
  options: PlanAndRunOptions,
): Promise<JobResult> {
  let plan: CallPlan;
  try {
    plan = options.chargedBefore
      ? unheldPlan(call, deps)
      : await planCall(call.op, call.raw, call.principal, call.requestId, {
          ...deps,
          readCache: options.readCache,
          origin: originOf(call),
        });
  } catch (error) {
    if (isServiceError(error)) return { ok: false, error: error.toJSON(), credits: 0 };
    throw error;
  }
  if (plan.kind === "answer") return plan.answer;
  return runCall(plan.call, await plan.reservation, deps, run);
}
