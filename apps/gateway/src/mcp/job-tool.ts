import { ServiceError } from "@sda/core";
import { standaloneSchema } from "@sda/openapi";
import { z } from "zod";
import { readJob } from "../routes/jobs.ts";
import { outcomeAnswer } from "./operation-tools.ts";
import type { McpTool } from "./tool.ts";

const getJobInput = z.object({
  jobId: z.string().describe("The `job_…` id of a tool result answered with a job handle (`status` 202)."),
});

/**
 * `get_job`: the final result of a call that returned a job handle (REST `GET /v1/jobs/{id}`, `readJob`): the
 * operation's own data or error once it finished, the handle again while it runs. Free: the call was billed once, by
 * its worker, under its original request: `_meta.creditsCharged` is 0 and `_meta.callCreditsCharged` that charge.
 */
export const getJobTool: McpTool = {
  operation: "jobs.get",
  logsArguments: false,
  definition: {
    name: "get_job",
    title: "Result of a call that outlived the deadline",
    description:
      "The result of a platform tool call that returned a job handle ({ jobId, status, retryAfterSeconds }) instead " +
      "of its data: the same data (or error) the call would have returned, once the job has finished; the handle " +
      "again while it runs (wait retryAfterSeconds). Free; only for the API key that made the call; results are " +
      "kept for an hour.",
    inputSchema: { type: "object", ...standaloneSchema(getJobInput, "input") },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  async run(ctx, args) {
    const parsed = getJobInput.safeParse(args);
    if (!parsed.success)
      throw new ServiceError("missing_parameter", "jobId is required: the job_… id of the job handle", {
        details: { param: "jobId" },
      });
    const job = await readJob(ctx.deps, ctx.principal, parsed.data.jobId);
    const answer = outcomeAnswer(
      job.state === "pending"
        ? { state: "pending", jobId: job.jobId, status: job.status }
        : { state: "finished", jobId: job.jobId, result: job.result },
      ctx.deps.errorCodes,
    );
    // Billed once, on the original request's row: this read charges nothing; the call's charge is told beside.
    if (!answer.ok || job.state === "pending") return answer;
    return { ...answer, credits: 0, envelope: { ...answer.envelope, callCreditsCharged: answer.credits } };
  },
};
