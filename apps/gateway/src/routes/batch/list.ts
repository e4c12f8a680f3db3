import { type BatchService, batchListQuery } from "@sda/batch";
import { batchPage } from "@sda/core";
import type { Request, Response } from "express";
import { principalOf } from "../../middleware/auth.ts";
import { locals } from "../../respond.ts";
import type { ServiceRouteDoc } from "../service-docs.ts";

export const listBatchesDoc: ServiceRouteDoc = {
  method: "get",
  path: "/v1/batches",
  operationId: "listBatches",
  output: batchPage,
  tag: "Batch",
  summary: "The key's batches, newest first",
  description: "{ items: [batch], totalReturned, nextCursor, hasMore }; expired batches are left out. Free.",
  query: batchListQuery,
  responses: { "200": "a page of batches", "400": "invalid_cursor, parameter_out_of_range" },
};

/** `GET /v1/batches?cursor=&limit=`. */
export function listBatches(service: BatchService) {
  return async (req: Request, res: Response) => {
    locals(res).operationId = "batch.list";
    const data = await service.list(principalOf(res), { ...req.query });
    res.status(200).json({ success: true, data });
  };
}
