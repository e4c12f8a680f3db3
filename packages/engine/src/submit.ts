import type { OperationSpec } from "@sda/contract";
import { newId } from "@sda/core";
import { type JobStatus, QueueBridge, type QueueBridgeOptions } from "@sda/queue";
import { failedJobResult, type JobResult } from "./job-result.ts";
import type { CallJob, EstimateJob } from "./jobs.ts";
import type { CallPlan, CallPrincipal } from "./plan.ts";
import type { Reservation } from "./reservation.ts";
import { answerUnanswered, type FenceCall } from "./unanswered.ts";

/** The jobs a gateway adds and waits for. */
type GatewayJob = CallJob | EstimateJob;

/** The gateway's bridge: call and estimate jobs in, the engine's results out. */
export type CallBridge = QueueBridge<GatewayJob, JobResult>;

/** A {@link CallBridge}: a job that produced no result is answered by {@link failedJobResult} (503 or 500). */
export function createCallBridge(options: Omit<QueueBridgeOptions<JobResult>, "failed">): CallBridge {
  return new QueueBridge<GatewayJob, JobResult>({ ...options, failed: failedJobResult });
}

/** What {@link submitCall} needs from the gateway. */
export interface SubmitDeps {
  bridge: CallBridge;
  /** How long the caller waits for the job before a 202 (`REQUEST_DEADLINE_MS`). */
  deadlineMs: number;
  /**
   * Fences a call whose outcome could not be learned (`Ledger.fence`, see {@link answerUnanswered}) before it is
   * answered "not billed"; without it the hold is released and the failure answered as it came.
   */
  fence?: FenceCall;
}

/** How {@link submitCall} adds the call's job. */
export interface SubmitCallOptions {
  /** The job's id (default: a new one): a call made with an `Idempotency-Key` names it before it runs. */
  jobId?: string;
  /** Seconds the finished job is kept beyond `RESULT_TTL_SECONDS` (the 24 h of an `Idempotency-Key`). */
  keepSeconds?: number;
}

/** What a submitted call came to: its result (`jobId` null for a cache hit), or the handle of a job still running. */
export type CallOutcome =
  | { state: "finished"; jobId: string | null; result: JobResult }
  | { state: "pending"; jobId: string; status: JobStatus };

/** The job of a planned call, whose `credits` are held. */
function callJobOf(plan: Extract<CallPlan, { kind: "run" }>): CallJob {
  const { call } = plan;
  return {
    kind: "call",
    requestId: call.requestId,
    accountId: call.principal.accountId,
    keyId: call.principal.keyId,
    operationId: call.op.id,
    params: call.params,
    cacheRequested: call.cacheRequested,
    hold: { credits: plan.credits },
    enqueuedAt: Date.now(),
    ...(call.channel ? { channel: call.channel } : {}),
  };
}

/**
 * The gateway's second half of one call (after {@link planCall}, which made the call's hold): answers a cache hit
 * (its balance read by the plan), or enqueues the call's job and waits for it up to the deadline. Every credit
 * decision on the way is made here or in the plan, never in the HTTP route:
 * - a call is enqueued only once its hold is made (reserve, then enqueue): a refused call (402, 429, 503) has no job
 *   and makes no upstream request;
 * - a call whose outcome could not be learned (Redis gone while its job was added or waited for, a job that produced
 *   no result) is answered "not billed" only once `deps.fence` made that true, else with its job's handle (202):
 *   see {@link answerUnanswered}.
 * @returns the outcome: `finished` with the result (errors included), or `pending` (202) with the job's handle.
 * @throws the store's error when the job could not be added or waited for (the call fenced: not billed).
 */
export async function submitCall(
  plan: CallPlan,
  deps: SubmitDeps,
  options: SubmitCallOptions = {},
): Promise<CallOutcome> {
  if (plan.kind === "run") return submitHeld(plan, deps, options);
  return { state: "finished", jobId: null, result: plan.answer };
}

/** Adds the job of a call whose hold is made, and waits; a job that could not be added releases the hold. */
async function submitHeld(
  plan: Extract<CallPlan, { kind: "run" }>,
  deps: SubmitDeps,
  options: SubmitCallOptions,
): Promise<CallOutcome> {
  const { reservation } = plan;
  const jobId = options.jobId ?? newId("job");
  let outcome: CallOutcome;
  try {
    outcome = await deps.bridge.submit(
      plan.call.op.queue,
      plan.call.op.id,
      callJobOf(plan),
      deps.deadlineMs,
      {
        ...options,
        jobId,
      },
    );
  } catch (error) {
    // Not known to be enqueued, or not known to have finished: fenced before it is answered "not billed".
    return answerUnanswered(reservation, jobId, { kind: "error", error }, deps.fence);
  }
  return settleUnanswered(outcome, reservation, deps);
}

/** A finished outcome whose job produced no result goes through {@link answerUnanswered}; any other as it is. */
async function settleUnanswered(
  outcome: CallOutcome,
  reservation: Reservation,
  deps: SubmitDeps,
): Promise<CallOutcome> {
  if (outcome.state !== "finished" || outcome.result.ok || !outcome.result.unanswered || !outcome.jobId)
    return outcome;
  return answerUnanswered(reservation, outcome.jobId, { kind: "result", result: outcome.result }, deps.fence);
}

/**
 * Runs an operation's estimate function as a free job on its queue (`GET /v1/utilities/estimate`) and waits for it
 * up to the deadline. Nothing is held or charged.
 * @param params the operation schema's output (the worker does not parse again).
 * @returns the outcome (`data` of a success is an `EstimateResult`). @throws the store's error when the job could
 *   not be added.
 */
export function submitEstimate(
  op: OperationSpec,
  params: Record<string, unknown>,
  principal: CallPrincipal,
  requestId: string,
  deps: Pick<SubmitDeps, "bridge" | "deadlineMs">,
): Promise<CallOutcome> {
  const job: EstimateJob = {
    kind: "estimate",
    requestId,
    accountId: principal.accountId,
    keyId: principal.keyId,
    operationId: op.id,
    params,
    enqueuedAt: Date.now(),
  };
  return deps.bridge.submit(op.queue, op.id, job, deps.deadlineMs);
}
