import { component, pageFields, timestamp } from "@sda/contract";
import { z } from "zod";

/**
 * A monitor's webhook deliveries as `GET /v1/monitors/{monitorId}/deliveries` answers them: declared beside the
 * delivery log, documented in OpenAPI by the gateway's route docs and checked by `VALIDATE_RESPONSES`.
 */

export const webhookDeliveryPage = z.object({
  ...pageFields,
  deliveries: z.array(
    component(
      "WebhookDelivery",
      z.object({
        id: z.string(),
        eventType: z.string(),
        webhookId: z.string().describe("The `webhook-id` header of every attempt and replay."),
        status: z.string(),
        url: z.string(),
        attemptCount: z.int().min(0),
        nextAttemptAt: timestamp.nullable(),
        failureReason: z.string().nullable(),
        createdAt: timestamp,
        completedAt: timestamp.nullable(),
        attempts: z.array(
          z.object({
            attempt: z.int(),
            replay: z.boolean(),
            startedAt: timestamp,
            statusCode: z.int().nullable(),
            durationMs: z.number().nullable(),
            error: z.string().nullable(),
            nextRetryAt: timestamp.nullable(),
          }),
        ),
        payload: z.unknown(),
      }),
      "A webhook delivery with its attempts.",
    ),
  ),
});
