import type { BatchService } from "@sda/batch";
import { batchResource } from "@sda/core";
import type { Request, Response } from "express";
import { principalOf } from "../../middleware/auth.ts";
import { locals } from "../../respond.ts";
import type { ServiceRouteDoc } from "../service-docs.ts";

export const getBatchDoc: ServiceRouteDoc = {
  method: "get",
  path: "/v1/batch/{batchId}",
  operationId: "getBatch",
  output: batchResource,
  tag: "Batch",
  summary: "A batch's status and counts",
  description:
    "{ batchId, status: queued|running|completed|cancelled, total, done, succeeded, failed, cancelled, " +
    "creditsCharged, estimatedMaxCredits, createdAt, startedAt, completedAt, expiresAt, label }. Free.",
  responses: { "200": "the batch", "404": "batch_not_found (or another key's), batch_expired" },
};

/** `GET /v1/batch/{batchId}`. */
export function getBatch(service: BatchService) {
  return async (req: Request, res: Response) => {
    locals(res).operationId = "batch.get";
    const data = await service.get(principalOf(res), String(req.params.batchId));
    res.status(200).json({ success: true, data });
  };
}
