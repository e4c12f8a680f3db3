import { errorsOf } from "@sda/core";

/**
 * History's own error codes (composed with core's and every other owner's by the wiring, `@sda/services`): a metric
 * the resource does not record, and a bare id or name that fits resources of several platforms (`locateUrl`, which
 * the monitors and the URL resolution utility read URLs with too).
 */
export const HISTORY_ERROR_CODES = {
  unknown_metric: { status: 400, retryable: false },
  ambiguous_url: { status: 400, retryable: false },
} as const;

/** The errors of this package, `fail(code, message, options?)`: its codes or core's, each with its table's status. */
export const fail = errorsOf(HISTORY_ERROR_CODES);
