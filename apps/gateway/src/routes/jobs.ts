import { isServiceId, ServiceError } from "@sda/core";
import type { JobResult } from "@sda/engine";
import type { Principal } from "@sda/ledger";
import type { JobStatus } from "@sda/queue";
import { z } from "zod";
import type { GatewayDeps } from "../deps.ts";
import { locals, POLL_AFTER_SECONDS, pollBody, sendJobResult } from "../respond.ts";
import { defineRoute, type ServiceRoute } from "./define-route.ts";

/**
 * `GET /v1/jobs/{jobId}`: the final envelope of a call answered 202, for the key that made the call only (another
 * key gets 404, as if the job did not exist). While the job runs: 202 with the same handle. Its request-log row names
 * the polled call's operation (`jobs.get` only until the job is read).
 */
export const jobRoutes: readonly ServiceRoute[] = [
  defineRoute({
    method: "get",
    path: "/v1/jobs/{jobId}",
    tag: "Jobs",
    operationId: "getJob",
    operation: "jobs.get",
    summary: "The final answer of a call answered 202 (free; only for the key that made the call)",
    description:
      "While the job runs: 202 with the same handle and `Retry-After`. When it has finished: the operation's own " +
      "answer (its 200 `data` or its error), billed once, under the original request. Results are kept " +
      "RESULT_TTL_SECONDS.",
    pathParams: { jobId: "The `job_…` id of the 202 answer." },
    output: {
      "200": z
        .looseObject({})
        .describe("The called operation's own `data` (see the schema of the operation that was called)."),
    },
    responses: {
      "200": "The operation's own 200 answer (see the operation that was called)",
      "202": "Still running",
      "404": "job_not_found: no such job for this key, or its result expired",
    },
    handler: (deps) => async (call) => {
      const { res } = call;
      const job = await readJob(deps, call.principal(), call.param("jobId"));
      const l = locals(res);
      l.jobId = job.jobId;
      l.operationId = job.operationId;
      if (job.state === "pending")
        res.status(202).set("Retry-After", String(POLL_AFTER_SECONDS)).json(pollBody(job.jobId, job.status));
      // The charge is the original request's (in the ledger); the poll's own row has none, so usage shows it free.
      else sendJobResult(res, job.result, deps.errorCodes);
      return undefined;
    },
  }),
];

/** A job as its caller may read it: still running (its status), or finished with its result. */
export type ReadJob =
  | { state: "pending"; jobId: string; operationId: string; status: JobStatus }
  | { state: "finished"; jobId: string; operationId: string; result: JobResult };

/**
 * The job `jobId` of the key that made the call (REST `GET /v1/jobs/{id}`, MCP `get_job`). The call's request-log row
 * keeps the 202 it was answered (no row is updated); it was billed once, by its worker, under the original request
 * id, and its charge shows in usage from the ledger. Reading it costs nothing more. A job that produced no result is answered with its
 * "not billed" error only once the call is fenced (`Ledger.fence`); when its worker charged it first (or PostgreSQL
 * cannot be reached) it stays pending.
 * @throws ServiceError 404 `job_not_found` for no such job, another key's, or an expired result.
 */
export async function readJob(deps: GatewayDeps, principal: Principal, jobId: string): Promise<ReadJob> {
  const job = isServiceId("job", jobId) ? await deps.bridge.getJob(jobId) : null;
  if (!job || job.payload.keyId !== principal.keyId)
    throw new ServiceError(
      "job_not_found",
      `no job ${jobId} for this key (results are kept ${deps.config.RESULT_TTL_SECONDS} s)`,
    );
  const { operationId } = job.payload;
  if (!job.result) return { state: "pending", jobId, operationId, status: job.status };
  const { result } = job;
  // A job that produced no result (failed for good, its worker maybe after the settle): "not billed" once fenced.
  if (!result.ok && result.unanswered) {
    const { requestId, accountId } = job.payload;
    const fence = await deps.ledger.fence({ requestId, accountId, operation: operationId }).catch(() => null);
    if (!fence?.fenced) return { state: "pending", jobId, operationId, status: "running" };
  }
  return { state: "finished", jobId, operationId, result };
}
