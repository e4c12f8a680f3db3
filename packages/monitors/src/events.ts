import { component, timestamp } from "@sda/contract";
import { z } from "zod";

/**
 * What a monitor POSTs to its webhook URL (docs/monitors.md), signed per Standard Webhooks (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature` headers). Published under `webhooks` in the OpenAPI document and verified
 * by the typed client's `verifyWebhook`; a batch's completion event is `@sda/batch`'s.
 */

const monitorEventFields = {
  monitorId: z.string().describe("The `mon_…` id of the monitor."),
  operation: z.string().describe("The operation the monitor re-runs (`videosite.comments`)."),
  params: z.record(z.string(), z.string()).describe("Its parameters, as the monitor was created with."),
  createdAt: timestamp.describe("When the event was made."),
};

/** `monitor.items`: the new items one run of a monitor found (never an item delivered before). */
export const monitorItemsEvent = component(
  "MonitorItemsEvent",
  z.object({
    type: z.literal("monitor.items"),
    ...monitorEventFields,
    runId: z.string().describe("The run that found them."),
    items: z
      .array(z.unknown())
      .describe("The new items, each as the operation's list answers it (a comment, a video row, a post…)."),
  }),
  "New items of a monitor run: each as the monitored operation's list answers it.",
);

/** `monitor.test`: the signed test delivery of `POST /v1/monitors/{monitorId}/test` (no items). */
export const monitorTestEvent = component(
  "MonitorTestEvent",
  z.object({
    type: z.literal("monitor.test"),
    ...monitorEventFields,
    runId: z.null(),
    items: z.array(z.unknown()).max(0),
  }),
  "A test delivery: the monitor's shape with no items, signed like every delivery.",
);
