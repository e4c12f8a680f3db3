import { creditsText } from "@sda/contract";
import type { FenceResult } from "@sda/ledger";
import type { JobResult } from "./job-result.ts";
import type { Reservation } from "./reservation.ts";

/**
 * How the gateway fences a call whose outcome it could not learn (`Ledger.fence`): after it the call is provably not
 * billed, or the charge that billed it first is returned. @throws the store's error when PostgreSQL cannot be reached.
 */
export type FenceCall = (key: Reservation["key"]) => Promise<FenceResult>;

/** What the gateway could not learn about a call it added (or tried to add) as job `jobId`. */
type Unanswered =
  /** Adding the job or waiting for it failed (Redis went away): the job may exist and run. */
  | { kind: "error"; error: unknown }
  /** The job produced no result (`unanswered`: lost with Redis, failed for good): its worker may have settled it. */
  | { kind: "result"; result: Extract<JobResult, { ok: false }> };

/** A call's outcome after {@link answerUnanswered}: the "not billed" answer, or the job's handle. */
type UnansweredOutcome =
  | { state: "finished"; jobId: string; result: JobResult }
  | { state: "pending"; jobId: string; status: "running" };

/**
 * The truthful answer of a call whose outcome the gateway could not learn (issue 34 #1: answered "503, not billed"
 * while its worker settled it). Its words "not billed" are said only once they are true:
 * - the call is fenced first (`fence`: its hold released in PostgreSQL and its request id marked so that a late
 *   settle charges nothing and serves nothing); fenced, the answer is what the call would have been answered (the
 *   store's error is rethrown, the failed result returned): not billed, retry it;
 * - when the call was charged before the fence and its job is gone or failed for good (`unanswered` result), its
 *   result can never be read: a 503 that names the charge (never the words "not billed");
 * - when the call was charged before the fence otherwise, or the fence itself cannot run (PostgreSQL unreachable
 *   too), the outcome is not known here: the answer is the job's handle (`pending`, a 202), to be read with `GET /v1/jobs/{id}`
 *   (or by a retry with the same `Idempotency-Key`, which replays the charged result), never a second charge. An
 *   unfenced hold is released (retried until PostgreSQL answers); a late settle then charges against the available
 *   balance, and the job's result says so.
 * Without `fence` (a caller that does not fence) the hold is released and the failure answered as before.
 * @throws the error of `unanswered` once the call is fenced (or when nothing fences it).
 */
export async function answerUnanswered(
  reservation: Reservation,
  jobId: string,
  unanswered: Unanswered,
  fence: FenceCall | undefined,
): Promise<UnansweredOutcome> {
  const notBilled = (): UnansweredOutcome => {
    if (unanswered.kind === "error") throw unanswered.error;
    return { state: "finished", jobId, result: unanswered.result };
  };
  if (!fence) {
    await reservation.release();
    return notBilled();
  }
  let fenced: FenceResult | null = null;
  try {
    fenced = await fence(reservation.key);
  } catch {
    // Nothing is known: the hold goes back (retried), and the job, if it exists, tells the outcome.
    await reservation.release();
  }
  if (fenced?.fenced) {
    // The fence released the hold in PostgreSQL already; the handle only records that (no statement).
    reservation.markReleased();
    return notBilled();
  }
  // A job that is gone (or failed for good) after its settle charged: its result can never be read; say so.
  if (fenced && unanswered.kind === "result")
    return { state: "finished", jobId, result: resultLost(reservation.key.requestId, -fenced.entry.amount) };
  return { state: "pending", jobId, status: "running" };
}

/**
 * The answer of a call that was charged (`credits`) but whose job, with its result, is gone (Redis lost its data) or
 * failed for good after the settle: no data to give and no handle to read it by, so a retryable 503 that says the
 * charge is there (with its request id, listed in `GET /v1/account/usage`) and that a retry runs the call again.
 */
function resultLost(requestId: string, credits: number): Extract<JobResult, { ok: false }> {
  return {
    ok: false,
    credits: 0,
    error: {
      code: "service_unavailable",
      message: `this call was billed ${creditsText(credits)} (request ${requestId}, see GET /v1/account/usage) but its result was lost with the service's queue; a retry runs it again`,
      retryable: true,
      retryAfterSeconds: 2,
      details: {},
    },
  };
}
