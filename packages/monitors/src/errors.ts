import { errorsOf } from "@sda/core";

/**
 * The monitors' own error codes (composed with core's and every other owner's by the wiring, `@sda/services`): a
 * monitor's body the monitors refuse (its operation, its schedule), a monitor its reader cannot see, and what a
 * monitor's kind or the account's limit does not allow.
 */
export const MONITOR_ERROR_CODES = {
  operation_not_monitorable: { status: 400, retryable: false },
  invalid_schedule: { status: 400, retryable: false },
  monitor_not_found: { status: 404, retryable: false },
  monitor_without_webhook: { status: 409, retryable: false },
  monitor_limit_reached: { status: 409, retryable: false },
} as const;

/** The errors of this package, `fail(code, message, options?)`: its codes or core's, each with its table's status. */
export const fail = errorsOf(MONITOR_ERROR_CODES);
