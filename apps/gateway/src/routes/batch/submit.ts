import { batchSubmitted } from "@sda/batch";
import { ServiceError } from "@sda/core";
import express, { type Request } from "express";
import { z } from "zod";
import { RETRY_SENTENCE, splitIdempotencyKey } from "../../mcp/idempotency.ts";
import { freeAnswer } from "../../mcp/tool.ts";
import { defineRoute } from "../define-route.ts";

/** Largest `POST /v1/batch` body (1,000 calls with long parameters fit many times over). */
const MAX_BODY = "5mb";

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

/** `POST /v1/batch`: 202 with the batch handle (the stored one again for an idempotent resubmission). */
export const submitBatchRoute = defineRoute({
  method: "post",
  path: "/v1/batch",
  operationId: "submitBatch",
  operation: "batch.submit",
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
  // The raw bytes: `jsonBody` names an empty or non-JSON body as the caller's 400.
  accepts: [express.raw({ type: () => true, limit: MAX_BODY })],
  tool: {
    name: "batch_submit",
    description:
      "Submit up to 1,000 platform calls as one batch, each as its REST path and query parameters. Every call is " +
      "validated before anything is queued; items run behind direct calls, sharing the batch capacity fairly " +
      "between accounts, and each is billed as a direct call when it runs. Read progress and results with " +
      "batch_status. With webhookUrl, one signed batch.completed event is sent (its secret is in this answer, " +
      `once). ${RETRY_SENTENCE} Example: {"calls": [{"path": "/v1/videosite/video-details", "params": ` +
      '{"url": "https://youtu.be/M4gD1WSo5mA"}}], "label": "nightly", "idempotencyKey": "nightly-2026-12-02"}',
    idempotent: true,
    readOnly: false,
    run: async (ctx, args) => {
      const { key, rest } = splitIdempotencyKey(args, ctx.idempotencyKey);
      const answer = await ctx.deps.batches.submit({
        principal: ctx.principal,
        body: rest,
        idempotencyKey: key,
      });
      return freeAnswer(answer.data, "batch", 202);
    },
  },
  handler: (deps) => async (call) => {
    const answer = await deps.batches.submit({
      principal: call.principal(),
      body: jsonBody(call.req),
      idempotencyKey: call.req.get("idempotency-key") ?? null,
    });
    return {
      status: 202,
      data: answer.data,
      source: "batch",
      headers: {
        Location: answer.data.pollUrl,
        ...(answer.replayed ? { "Idempotent-Replayed": "true" } : {}),
      },
    };
  },
});

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
