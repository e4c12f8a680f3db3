import type { OperationSpec } from "@sda/contract";
import { isServiceError } from "@sda/core";
import { callOfJob } from "./job-call.ts";
import type { JobResult } from "./job-result.ts";
import type { CallJob, JobRun } from "./jobs.ts";
import { type CallPlan, type CallPrincipal, cacheRequested, planCall, validateCallParams } from "./plan.ts";
import { Reservation } from "./reservation.ts";
import { type EngineDeps, runCall } from "./run-call.ts";

/**
 * Runs a direct API call's job: the gateway parsed its params and holds its credits (it enqueues a call only once
 * its hold is made, so a call it refused has no job). Then {@link runCall}.
 * @returns the call's result (see `runCall`).
 * @throws UnknownOperationError for an operation this build does not know; unexpected errors as `runCall`.
 */
export async function runCallJob(job: CallJob, deps: EngineDeps, run: JobRun): Promise<JobResult> {
  const named = callOfJob(job, deps.registry);
  const { op } = named;
  const key = { requestId: job.requestId, accountId: job.accountId, operation: op.id };
  const reservation = Reservation.of(key, job.hold.credits, deps);
  const call = {
    ...named,
    params: job.params,
    cacheRequested: job.cacheRequested,
    calledAt: new Date(job.enqueuedAt),
    ...(job.channel ? { channel: job.channel } : {}),
  };
  return runCall(call, reservation, deps, run);
}

/** A call that starts in the worker (a batch item, a monitor run): the caller's raw parameters, not yet parsed. */
interface WorkerCall {
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
interface PlanAndRunOptions {
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
    reservation: Reservation.of(key, 0, deps),
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
 * A call that starts in the worker (a batch item, a monitor run): {@link planCall} (parameters, cache, hold) then
 * {@link runCall}, under the call's own request id. A refusal before anything was held (invalid
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
  return runCall(plan.call, plan.reservation, deps, run);
}
