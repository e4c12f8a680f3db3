import { errorsOf } from "@sda/core";

/**
 * The webhook deliveries' own error codes (composed with core's and every other owner's by the wiring,
 * `@sda/services`): a webhook URL refused by the shape or SSRF checks, and a delivery a replay cannot take.
 */
export const WEBHOOK_ERROR_CODES = {
  invalid_webhook_url: { status: 400, retryable: false },
  webhook_delivery_not_found: { status: 404, retryable: false },
  // a replay of a delivery whose attempts are still scheduled: it can be replayed once they end
  webhook_delivery_pending: { status: 409, retryable: true },
} as const;

/** The errors of this package, `fail(code, message, options?)`: its codes or core's, each with its table's status. */
export const fail = errorsOf(WEBHOOK_ERROR_CODES);
