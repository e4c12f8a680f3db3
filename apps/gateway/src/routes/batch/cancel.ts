import { batchResource } from "@sda/batch";
import { defineRoute } from "../define-route.ts";

/** `DELETE /v1/batch/{batchId}`. */
export const cancelBatchRoute = defineRoute({
  method: "delete",
  path: "/v1/batch/{batchId}",
  operationId: "cancelBatch",
  operation: "batch.cancel",
  output: batchResource,
  tag: "Batch",
  summary: "Cancel a batch's items that have not started",
  description:
    "Items not yet started end `cancelled` (0 credits); started items finish and bill normally. Answers the batch. " +
    "Cancelling a finished batch changes nothing.",
  responses: { "200": "the batch after cancelling", "404": "batch_not_found, batch_expired" },
  handler: (deps) => async (call) => ({
    data: await deps.batches.cancel(call.principal(), call.param("batchId")),
    source: "batch",
  }),
});
