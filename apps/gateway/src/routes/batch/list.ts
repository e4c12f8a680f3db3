import { batchListQuery, batchPage } from "@sda/batch";
import { defineRoute } from "../define-route.ts";

/** `GET /v1/batches?cursor=&limit=` (the batch service parses the query). */
export const listBatchesRoute = defineRoute({
  method: "get",
  path: "/v1/batches",
  operationId: "listBatches",
  operation: "batch.list",
  output: batchPage,
  tag: "Batch",
  summary: "The key's batches, newest first",
  description: "{ items: [batch], totalReturned, nextCursor, hasMore }; expired batches are left out. Free.",
  query: batchListQuery,
  responses: { "200": "a page of batches", "400": "invalid_cursor, parameter_out_of_range" },
  handler: (deps) => async (call) => ({
    data: await deps.batches.list(call.principal(), { ...call.req.query }),
    source: "batch",
  }),
});
