import { creditsText } from "@sda/contract";
import { newId, ServiceError } from "@sda/core";
import type { CallOutcome, JobResult } from "@sda/engine";
import type { IdempotencyKeys, IdempotencyRecord, IdempotencyRef } from "@sda/ledger";
import type { JobStatus } from "@sda/queue";
import type { Response } from "express";
import type { GatewayDeps } from "../deps.ts";
import { locals, pollBody, sendJobResult } from "../respond.ts";

/** How often a retry re-reads a first call that is still running (ms). */
const POLL_MS = 250;

/**
 * How long a claim may stay without a job before its call is taken to have died before adding it (a gateway killed
 * between the claim and the enqueue: nothing was billed). The plan between the two is a few round trips.
 */
const CLAIM_QUIET_MS = 15_000;

/** One direct call made with an `Idempotency-Key`, as {@link answerIdempotently} runs it. */
export interface IdempotentRequest {
  keyId: string;
  /** The account that pays (a first call whose job is gone is fenced under it). */
  accountId: string;
  /** The operation's id (`videosite.transcript`). */
  operation: string;
  idempotencyKey: string;
  /** SHA-256 of the canonical request (operation and query). */
  hash: string;
  requestId: string;
  /** Plans and submits the call as job `jobId`, its job kept as long as the key binds it. */
  run(jobId: string): Promise<CallOutcome>;
}

/** A finished call that failed: never billed (SPEC §7.2), so a retry runs it again rather than replay the error. */
function failed(result: JobResult): boolean {
  return !result.ok;
}

/** How an idempotent call ended for this request: the call's result or its job still running, maybe replayed. */
export type IdempotentOutcome =
  | { state: "finished"; result: JobResult; jobId: string | null; replayed: boolean }
  | { state: "pending"; jobId: string; status: JobStatus; replayed: boolean };

/**
 * Answers a direct call made with an `Idempotency-Key` over HTTP ({@link resolveIdempotently}): the result with
 * its `X-Service-*` headers, or the 202 job handle; a replay with `Idempotent-Replayed: true`, charging nothing.
 * @throws as {@link resolveIdempotently}.
 */
export async function answerIdempotently(
  deps: GatewayDeps,
  res: Response,
  call: IdempotentRequest,
): Promise<void> {
  const outcome = await resolveIdempotently(deps, call);
  const l = locals(res);
  if (outcome.jobId) l.jobId = outcome.jobId;
  if (outcome.replayed) res.setHeader("Idempotent-Replayed", "true");
  if (outcome.state === "pending") {
    res.status(202).json(pollBody(outcome.jobId, outcome.status));
    return;
  }
  // A replay charges nothing: the charge is the first call's, under its request id (usage shows the replay free).
  sendJobResult(res, outcome.result, deps.errorCodes);
}

/** A call's claim as the store keeps it, with what the loop below needs. */
interface CallClaim {
  requestId: string;
  jobId: string;
}

/**
 * Runs a direct call made with an `Idempotency-Key` (README "Retry-safe calls"), whatever interface it came through
 * (REST, MCP), through the one idempotency store (`ledger.idempotency`, PostgreSQL, scope `call`): the first call
 * with the key runs (its job kept 24 h) and its answer is stored; a retry with the same request gets that answer
 * again (`replayed`) and no second charge — read from the stored answer (kept however Redis fares), or from the
 * first call's job when its caller (or its gateway) vanished before the answer — and waits for it while it runs
 * (concurrent duplicates: one run). A refusal (400, 402, 429, 503) or any error answer, never billed, frees the key:
 * the retry runs afresh. A first call that has no job (its gateway died before the enqueue, or Redis lost it) is
 * fenced before a retry takes its key over, so it can never be charged beside the retry.
 * @throws ServiceError 422 `idempotency_key_reused` (the key was used for another request), 409
 *   `idempotency_key_in_use` (the first call has not reached its job within the deadline; retry), 503
 *   `service_unavailable` (the first call was charged but its job is gone with Redis's data: nothing to replay, and
 *   running it again would charge twice), and the call's own refusals.
 */
export async function resolveIdempotently(
  deps: GatewayDeps,
  call: IdempotentRequest,
): Promise<IdempotentOutcome> {
  const keys = deps.ledger.idempotency;
  const ref: IdempotencyRef = { keyId: call.keyId, key: call.idempotencyKey, scope: "call" };
  const deadline = Date.now() + deps.config.REQUEST_DEADLINE_MS;
  const fresh: CallClaim = { requestId: call.requestId, jobId: newId("job") };
  for (;;) {
    const claim = await keys.claim(ref, { requestHash: call.hash, ...fresh });
    if (claim.claimed) return runFirst(keys, ref, call, fresh);
    const earlier = claim.earlier as IdempotencyRecord & CallClaim;
    if (earlier.requestHash !== call.hash)
      throw new ServiceError(
        "idempotency_key_reused",
        "this Idempotency-Key was used for another request (another operation or query) in the last 24 hours; use a new key for a new request",
        { details: { requestId: earlier.requestId } },
      );
    if (earlier.answer) return replay(earlier, earlier.answer as JobResult);
    const job = await deps.bridge.getJob(earlier.jobId);
    if (job?.result && !failed(job.result)) {
      await keys.answer(ref, earlier.requestId, job.result).catch(() => false);
      return replay(earlier, job.result);
    }
    // Nothing billed: its job failed, or it never got one (its gateway died before the enqueue) — or Redis lost it,
    // which the fence tells apart: after it, the first call can never be charged.
    const abandoned = job ? job.result !== null : Date.now() - earlier.createdAt.getTime() > CLAIM_QUIET_MS;
    if (abandoned) {
      if (!job) await requireUncharged(deps, call, earlier.requestId);
      if (await keys.takeOver(ref, earlier.requestId, fresh)) return runFirst(keys, ref, call, fresh);
      continue;
    }
    if (Date.now() >= deadline) {
      if (!job)
        throw new ServiceError(
          "idempotency_key_in_use",
          "a call with this Idempotency-Key is still starting; retry it",
          {
            retryAfterSeconds: 1,
            details: { requestId: earlier.requestId },
          },
        );
      return { state: "pending", jobId: earlier.jobId, status: job.status, replayed: true };
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Fences the first call of a key whose job is gone (`Ledger.fence`), so a retry that takes the key over can never be
 * charged beside it. @throws ServiceError 503 `service_unavailable` when it was charged already: its result went with
 * Redis's data, and running it again would charge the key twice. @throws the store's error.
 */
async function requireUncharged(
  deps: GatewayDeps,
  call: IdempotentRequest,
  requestId: string,
): Promise<void> {
  const fence = await deps.ledger.fence({ requestId, accountId: call.accountId, operation: call.operation });
  if (fence.fenced) return;
  throw new ServiceError(
    "service_unavailable",
    `the first call with this Idempotency-Key was billed ${creditsText(-fence.entry.amount)} (request ${requestId}, see GET /v1/account/usage) but its result was lost with the service's queue; this key cannot replay it, send a new key to run the call again`,
    { details: { requestId } },
  );
}

/** Runs the call that holds the key, stores its answer (or frees the key), and returns it. */
async function runFirst(
  keys: IdempotencyKeys,
  ref: IdempotencyRef,
  call: IdempotentRequest,
  claim: CallClaim,
): Promise<IdempotentOutcome> {
  let outcome: CallOutcome;
  try {
    outcome = await call.run(claim.jobId);
  } catch (error) {
    // Refused or not enqueued: nothing billed, a retry runs afresh.
    await keys.release(ref, claim.requestId).catch(() => false);
    throw error;
  }
  // Its job holds the answer; a retry with the key reads it there.
  if (outcome.state === "pending")
    return { state: "pending", jobId: outcome.jobId, status: outcome.status, replayed: false };
  const { result } = outcome;
  if (failed(result)) await keys.release(ref, claim.requestId).catch(() => false);
  else await keys.answer(ref, claim.requestId, result).catch(() => false);
  return { state: "finished", result, jobId: outcome.jobId ?? null, replayed: false };
}

/** The first call's answer again, charging nothing more. */
function replay(claim: CallClaim, result: JobResult): IdempotentOutcome {
  return { state: "finished", result, jobId: claim.jobId, replayed: true };
}
