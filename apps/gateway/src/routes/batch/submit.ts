import type { BatchService } from "@sda/batch";
import { batchSubmitted, ServiceError } from "@sda/core";
import type { Request, Response } from "express";
import { z } from "zod";
import { principalOf } from "../../middleware/auth.ts";
import { locals } from "../../respond.ts";
import type { ServiceRouteDoc } from "../service-docs.ts";

/** The documented body of `POST /v1/batch` (validation itself is `prepareBatch`, against the registry). */
const submitBody = z.object({
  calls: z
    .array(
      z.object({
        path: z.string().describe("an operation path, e.g. /v1/videosite/transcript"),
        params: z
          .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
          .optional()
          .describe("the operation's query parameters"),
      }),
    )
    .min(1)
    .max(1000),
  webhookUrl: z.string().optional().describe("https URL that receives one signed batch.completed event"),
  label: z.string().max(200).optional(),
});

export const submitBatchDoc: ServiceRouteDoc = {
  method: "post",
  path: "/v1/batch",
  operationId: "submitBatch",
  output: { "202": batchSubmitted },
  tag: "Batch",
  summary: "Submit up to 1,000 calls as one batch",
  description:
    "Every call is validated against its operation before anything is queued. Items run on the same queues and " +
    "engine as direct calls (own request id, credits, request-log row), behind direct calls, each account running at " +
    "most an equal share of BATCH_CAPACITY among the accounts with items running (or BATCH_MAX_RUNNING_PER_ACCOUNT). Send `Idempotency-Key` to make retries safe (24 h). The answer carries " +
    "`webhookSecret` once when `webhookUrl` is given.",
  body: submitBody,
  responses: {
    "202": "accepted: { batchId, status, total, estimatedMaxCredits, pollUrl, resultsUrl, webhookSecret? }",
    "400":
      "invalid body, invalid_batch_item (every bad item with index, code, param, message), invalid_webhook_url",
    "402": "insufficient_credits: the available balance is below the cheapest paid item",
    "422": "idempotency_key_reused",
  },
};

/** Parses the raw body as JSON; anything else is the caller's 400, never a 500. */
function jsonBody(req: Request): unknown {
  const raw = req.body;
  if (!Buffer.isBuffer(raw) || raw.length === 0)
    throw new ServiceError("missing_parameter", "send the batch as a JSON body { calls: [...] }", {
      details: { param: "body" },
    });
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    throw new ServiceError("invalid_parameter", "the body is not valid JSON", { details: { param: "body" } });
  }
}

/** `POST /v1/batch`: 202 with the batch handle (the stored one again for an idempotent resubmission). */
export function submitBatch(service: BatchService) {
  return async (req: Request, res: Response) => {
    const principal = principalOf(res);
    locals(res).operationId = "batch.submit";
    const answer = await service.submit({
      principal,
      body: jsonBody(req),
      idempotencyKey: req.get("idempotency-key") ?? null,
    });
    if (answer.replayed) res.set("Idempotent-Replayed", "true");
    res.status(202).location(answer.data.pollUrl).json({ success: true, data: answer.data });
  };
}
