import { errorsOf } from "@sda/core";

/**
 * Batch's own error codes (composed with core's and every other owner's by the wiring, `@sda/services`): a submitted
 * batch with invalid calls, and a batch its reader cannot see or whose results are gone.
 */
export const BATCH_ERROR_CODES = {
  invalid_batch_item: { status: 400, retryable: false },
  batch_not_found: { status: 404, retryable: false },
  batch_expired: { status: 404, retryable: false },
} as const;

/** The errors of this package, `fail(code, message, options?)`: its codes or core's, each with its table's status. */
export const fail = errorsOf(BATCH_ERROR_CODES);
