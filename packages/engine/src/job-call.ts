import type { OperationRegistry, OperationSpec } from "@sda/contract";
import type { CallJob } from "./jobs.ts";
import type { CallPrincipal } from "./plan.ts";
import { operationOf } from "./run-call.ts";

/** What every call job names (`callIdentity` of `jobs.ts`): its request id, who pays, and the operation's id. */
type JobCallIdentity = Pick<CallJob, "requestId" | "accountId" | "keyId" | "operationId">;

/** The part of a call a job names: the operation, who pays, under which request id (the ledger's key). */
interface JobCall {
  op: OperationSpec;
  principal: CallPrincipal;
  requestId: string;
}

/**
 * The call a job names — the one job → call step of the worker's runners (a direct call's job, a batch item's): the
 * operation looked up in this build's registry, the paying key as the principal, the job's request id. The runner
 * adds the parameters (parsed for a direct call, raw for a batch item) and its origin.
 * @throws UnknownOperationError for an operation this build does not know (BullMQ must not retry it).
 */
export function callOfJob(job: JobCallIdentity, registry: OperationRegistry): JobCall {
  return {
    op: operationOf(registry, job.operationId),
    principal: { accountId: job.accountId, keyId: job.keyId },
    requestId: job.requestId,
  };
}
