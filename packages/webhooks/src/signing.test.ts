import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import {
  generateWebhookSecret,
  isWebhookSecret,
  newMessageId,
  signWebhook,
  type WebhookHeaders,
} from "./signing.ts";

/** Verifies as a receiver would (the same library: timestamps older or newer than 5 minutes are refused). */
function verifyWebhook(secret: string, body: string, headers: WebhookHeaders): unknown {
  return new Webhook(secret).verify(body, { ...headers });
}

describe("signing", () => {
  it("generates whsec_ secrets of 32 bytes and msg_ ids", () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(isWebhookSecret(secret)).toBe(true);
    expect(generateWebhookSecret()).not.toBe(secret);
    expect(newMessageId()).toMatch(/^msg_[A-Za-z0-9_-]{24}$/);
    for (const bad of ["", "whsec_", "whsec_!!!!", "abc", `whsec_${Buffer.alloc(8).toString("base64")}`])
      expect(isWebhookSecret(bad)).toBe(false);
  });

  it("signs so that the standardwebhooks library verifies; another secret or body is refused", () => {
    const secret = generateWebhookSecret();
    const body = JSON.stringify({ type: "batch.completed", batchId: "bat_1" });
    const headers = signWebhook(secret, "msg_abc", new Date(), body);
    expect(headers["webhook-id"]).toBe("msg_abc");
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(verifyWebhook(secret, body, { ...headers })).toEqual({
      type: "batch.completed",
      batchId: "bat_1",
    });
    expect(() => verifyWebhook(generateWebhookSecret(), body, { ...headers })).toThrow(
      WebhookVerificationError,
    );
    expect(() => verifyWebhook(secret, `${body} `, { ...headers })).toThrow(WebhookVerificationError);
    const old = signWebhook(secret, "msg_abc", new Date(Date.now() - 10 * 60_000), body);
    expect(() => verifyWebhook(secret, body, { ...old })).toThrow("Message timestamp too old");
  });
});
