import { Webhook } from "standardwebhooks";
import type { components } from "./generated/schema.ts";

/** What the service POSTs to a webhook URL (the document's `webhooks`). */
export type WebhookEvent =
  | components["schemas"]["MonitorItemsEvent"]
  | components["schemas"]["MonitorTestEvent"]
  | components["schemas"]["BatchCompletedEvent"];

/**
 * Verifies a delivery with the monitor's (or batch's) `whsec_…` secret, per Standard Webhooks (`webhook-id`,
 * `webhook-timestamp` within 5 minutes, `webhook-signature`), and returns its typed event.
 * @param body the raw request body, exactly as received (not re-serialised JSON).
 * @param headers the request's headers (names lower-case, as Node gives them).
 * @throws WebhookVerificationError (from `standardwebhooks`) when the signature or timestamp does not verify.
 */
export function verifyWebhook(
  secret: string,
  body: string,
  headers: Record<string, string | string[] | undefined>,
): WebhookEvent {
  const flat = Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name.toLowerCase(),
      Array.isArray(value) ? value.join(", ") : (value ?? ""),
    ]),
  );
  return new Webhook(secret).verify(body, flat) as WebhookEvent;
}
