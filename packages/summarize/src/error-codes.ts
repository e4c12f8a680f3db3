import { errorsOf } from "@sda/core";

/**
 * The summary pipeline's own error code, composed with core's and every other owner's by the wiring
 * (`@sda/services`), and the `errors` of an operation that summarises: the summariser failed or kept answering
 * invalid JSON. Its own entry (`@sda/summarize/error-codes`), importing nothing of the pipeline: the platform specs
 * the gateway bundles name it, and the gateway must not bundle the summarisers.
 */
export const SUMMARY_ERROR_CODES = {
  summary_failed: { status: 502, retryable: true },
} as const;

/** The errors of this package, `fail(code, message, options?)`: its codes or core's, each with its table's status. */
export const fail = errorsOf(SUMMARY_ERROR_CODES);
