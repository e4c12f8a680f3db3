import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

const SECRET_PREFIX = "whsec_";
/** 32 random bytes: the key length of HMAC-SHA256. */
const SECRET_BYTES = 32;

/**
 * A new signing secret `whsec_<base64 of 32 random bytes>` (Standard Webhooks format). Rotating a secret is making a
 * new one and storing it in place of the old: deliveries enqueued before keep signing with the copy they were made
 * with (see docs/webhooks.md), and a replay can be given the new one.
 */
export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString("base64")}`;
}

/** True for a `whsec_` secret whose base64 part decodes to 24–64 bytes (what {@link Webhook} accepts). */
export function isWebhookSecret(value: string): boolean {
  if (!value.startsWith(SECRET_PREFIX)) return false;
  const body = value.slice(SECRET_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body) || body.length % 4 !== 0) return false;
  const length = Buffer.from(body, "base64").length;
  return length >= 24 && length <= 64;
}

/** A new `webhook-id`: `msg_` + 24 random base64url characters. Stable across the retries of one delivery. */
export function newMessageId(): string {
  return `msg_${randomBytes(18).toString("base64url")}`;
}

/** The three Standard Webhooks headers of one attempt. */
export interface WebhookHeaders {
  "webhook-id": string;
  /** Unix seconds of this attempt (fresh on every attempt and replay). */
  "webhook-timestamp": string;
  /** `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` */
  "webhook-signature": string;
}

/**
 * Signs one attempt with the `standardwebhooks` library.
 * @param body the exact bytes that are sent (the signature covers them, not a re-serialisation).
 * @param at the attempt time; its Unix seconds become `webhook-timestamp`.
 */
export function signWebhook(secret: string, messageId: string, at: Date, body: string): WebhookHeaders {
  const seconds = Math.floor(at.getTime() / 1000);
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(seconds),
    "webhook-signature": new Webhook(secret).sign(messageId, new Date(seconds * 1000), body),
  };
}
