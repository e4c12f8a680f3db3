import { batchResource } from "@sda/batch";
import { z } from "zod";
import { freeAnswer } from "../../mcp/tool.ts";
import { defineRoute } from "../define-route.ts";

/** `GET /v1/batch/{batchId}`. */
export const getBatchRoute = defineRoute({
  method: "get",
  path: "/v1/batch/{batchId}",
  operationId: "getBatch",
  operation: "batch.get",
  output: batchResource,
  tag: "Batch",
  summary: "A batch's status and counts",
  description:
    "{ batchId, status: queued|running|completed|cancelled, total, done, succeeded, failed, cancelled, " +
    "creditsCharged, estimatedMaxCredits, createdAt, startedAt, completedAt, expiresAt, label }. Free.",
  responses: { "200": "the batch", "404": "batch_not_found (or another key's), batch_expired" },
  tool: {
    name: "batch_status",
    input: z.object({ batchId: z.string().describe("The batch's `bat_…` id (from batch_submit).") }),
    readOnly: true,
    run: async (ctx, args) =>
      freeAnswer(await ctx.deps.batches.get(ctx.principal, String(args.batchId ?? "")), "batch"),
  },
  handler: (deps) => async (call) => ({
    data: await deps.batches.get(call.principal(), call.param("batchId")),
    source: "batch",
  }),
});
