import { component, timestamp } from "@sda/contract";
import { z } from "zod";

/**
 * What a batch with a `webhookUrl` POSTs to it when it finishes (docs/batch.md), signed per Standard Webhooks
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature` headers). Published under `webhooks` in the OpenAPI document
 * and verified by the typed client's `verifyWebhook`; the monitors' events are `@sda/monitors`'.
 */

/** `batch.completed`: a batch with a `webhookUrl` finished (or was cancelled). */
export const batchCompletedEvent = component(
  "BatchCompletedEvent",
  z.object({
    type: z.literal("batch.completed"),
    batchId: z.string(),
    status: z
      .string()
      .describe("`completed`, or `cancelled` for a batch cancelled before all its items ran."),
    label: z.string().nullable(),
    counts: z.object({
      total: z.int().min(0),
      succeeded: z.int().min(0),
      failed: z.int().min(0),
      cancelled: z.int().min(0),
    }),
    creditsCharged: z.int().min(0),
    completedAt: timestamp.nullable(),
  }),
  "A batch finished: its counts and the credits it charged. Read the results from `/v1/batch/{batchId}/results`.",
);
