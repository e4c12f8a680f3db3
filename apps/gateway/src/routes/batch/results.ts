import { type BatchService, batchResultsQuery } from "@sda/batch";
import type { Request, Response } from "express";
import { principalOf } from "../../middleware/auth.ts";
import { locals } from "../../respond.ts";
import type { ServiceRouteDoc } from "../service-docs.ts";

export const batchResultsDoc: ServiceRouteDoc = {
  method: "get",
  path: "/v1/batch/{batchId}/results",
  tag: "Batch",
  summary: "A batch's items and results, in submission order",
  description:
    "{ batchId, status, items: [{ index, path, params, status, httpStatus, data | error, credits, source, cache, " +
    "finishedAt }], totalReturned, nextCursor, hasMore }. `status=succeeded|failed` filters. Free.",
  query: batchResultsQuery,
  responses: {
    "200": "a page of items",
    "400": "invalid_cursor, parameter_out_of_range, invalid_enum_value",
    "404": "batch_not_found, batch_expired",
  },
};

/** `GET /v1/batch/{batchId}/results?cursor=&limit=&status=`. */
export function batchResults(service: BatchService) {
  return async (req: Request, res: Response) => {
    locals(res).operationId = "batch.results";
    const data = await service.results(principalOf(res), String(req.params.batchId), { ...req.query });
    res.status(200).json({ success: true, data });
  };
}
