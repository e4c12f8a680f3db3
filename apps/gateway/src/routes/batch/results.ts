import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type BatchService, batchResultsPage, batchResultsQuery, downloadHeaders } from "@sda/batch";
import type { Principal } from "@sda/ledger";
import type { Request, Response } from "express";
import { defineRoute } from "../define-route.ts";

/**
 * `GET /v1/batch/{batchId}/results?cursor=&limit=&status=&format=`: a page in the envelope, or (`format=jsonl|csv`)
 * the whole batch streamed as a download.
 */
export const batchResultsRoute = defineRoute({
  method: "get",
  path: "/v1/batch/{batchId}/results",
  operationId: "getBatchResults",
  operation: "batch.results",
  output: batchResultsPage,
  tag: "Batch",
  summary: "A batch's items and results, in submission order; or the whole batch as JSON lines or CSV",
  description:
    "{ batchId, status, items: [{ index, path, params, status, httpStatus, data | error, credits, source, cache, " +
    "finishedAt }], totalReturned, nextCursor, hasMore }. `status=succeeded|failed` filters. `format=jsonl` " +
    "answers every item (no paging) as application/x-ndjson, one item object per line; `format=csv` as text/csv " +
    "(header row; params and data as JSON text). Free.",
  query: batchResultsQuery,
  responses: {
    "200":
      "a page of items (JSON), or the whole batch (format=jsonl: application/x-ndjson, format=csv: text/csv)",
    "400":
      "invalid_cursor, parameter_out_of_range, invalid_enum_value, invalid_parameter (cursor or limit with a format)",
    "404": "batch_not_found, batch_expired",
  },
  handler: (deps) => async (call) => {
    const { req, res } = call;
    const batchId = call.param("batchId");
    if (req.query.format === "jsonl" || req.query.format === "csv") {
      await sendExport(deps.batches, call.principal(), req, res, batchId);
      return undefined;
    }
    return {
      data: await deps.batches.results(call.principal(), batchId, { ...req.query }),
      source: "batch",
    };
  },
});

/**
 * Streams the whole batch as a download. Every refusal (bad query, another key's batch, an expired one) happens in
 * `service.export` before the first byte, so it is still answered in the envelope; a store failing half-way makes
 * `pipeline` destroy the response (the client sees a truncated body, never a hanging one).
 */
async function sendExport(
  service: BatchService,
  principal: Principal,
  req: Request,
  res: Response,
  batchId: string,
) {
  const download = await service.export(principal, batchId, { ...req.query });
  res.status(200).set(downloadHeaders(batchId, download.format));
  await pipeline(Readable.from(download.chunks), res);
}
