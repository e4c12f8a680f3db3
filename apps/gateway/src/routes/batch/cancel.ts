import type { BatchService } from "@sda/batch";
import { batchResource } from "@sda/core";
import type { Request, Response } from "express";
import { principalOf } from "../../middleware/auth.ts";
import { locals } from "../../respond.ts";
import type { ServiceRouteDoc } from "../service-docs.ts";

export const cancelBatchDoc: ServiceRouteDoc = {
  method: "delete",
  path: "/v1/batch/{batchId}",
  operationId: "cancelBatch",
  output: batchResource,
  tag: "Batch",
  summary: "Cancel a batch's items that have not started",
  description:
    "Items not yet started end `cancelled` (0 credits); started items finish and bill normally. Answers the batch. " +
    "Cancelling a finished batch changes nothing.",
  responses: { "200": "the batch after cancelling", "404": "batch_not_found, batch_expired" },
};

/** `DELETE /v1/batch/{batchId}`. */
export function cancelBatch(service: BatchService) {
  return async (req: Request, res: Response) => {
    locals(res).operationId = "batch.cancel";
    const data = await service.cancel(principalOf(res), String(req.params.batchId));
    res.status(200).json({ success: true, data });
  };
}
