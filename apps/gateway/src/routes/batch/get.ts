import { batchResource } from "@sda/core";
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
  handler: (deps) => async (call) => ({
    data: await deps.batches.get(call.principal(), call.param("batchId")),
    source: "batch",
  }),
});
