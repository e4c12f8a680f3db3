import type { z } from "zod";
import type { SchemaSet } from "./schemas.ts";

/**
 * One kind of POST the service sends to a caller's webhook URL (OpenAPI 3.1 `webhooks`): its event `type`, what it
 * carries and when it is sent. Deliveries follow Standard Webhooks: `webhook-id`, `webhook-timestamp` and
 * `webhook-signature` headers, signed with the monitor's (or batch's) secret.
 */
export interface WebhookDoc {
  /** Key in `webhooks` and the payload's `type` (e.g. `monitor.items`). */
  name: string;
  summary: string;
  description: string;
  /** The JSON body. */
  payload: z.ZodType;
  /** Component name of the payload (`MonitorItemsEvent`). */
  component: string;
}

/** The Standard Webhooks headers every delivery carries (https://www.standardwebhooks.com). */
const STANDARD_WEBHOOK_HEADERS = [
  {
    name: "webhook-id",
    in: "header",
    required: true,
    description: "`msg_…`: the same on every attempt and replay of one delivery (deduplicate on it).",
    schema: { type: "string" },
  },
  {
    name: "webhook-timestamp",
    in: "header",
    required: true,
    description: "Unix seconds when this attempt was signed (fresh on every attempt); refuse stale ones.",
    schema: { type: "string" },
  },
  {
    name: "webhook-signature",
    in: "header",
    required: true,
    description:
      "`v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the secret's key " +
      "(space-separated when several secrets sign during a rotation). Verify with a Standard Webhooks library.",
    schema: { type: "string" },
  },
];

/** The `webhooks` object of the document. */
export function webhookItems(docs: readonly WebhookDoc[], schemas: SchemaSet): Record<string, unknown> {
  return Object.fromEntries(
    docs.map((doc) => [
      doc.name,
      {
        post: {
          operationId: `webhook${doc.component}`,
          summary: doc.summary,
          description: doc.description,
          parameters: STANDARD_WEBHOOK_HEADERS,
          requestBody: {
            required: true,
            content: {
              "application/json": { schema: schemas.ref(schemas.named(doc.payload, doc.component)) },
            },
          },
          responses: {
            "200": {
              description: "Any 2xx acknowledges the delivery; anything else is retried on the schedule.",
            },
          },
        },
      },
    ]),
  );
}
