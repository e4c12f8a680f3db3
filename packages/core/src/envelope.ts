import type { ServiceError } from "./errors.ts";

/** SPEC §7.1: every non-2xx body. Details of the error (e.g. `reason`) sit beside `code` inside `error`. */
export interface ErrorEnvelope {
  success: false;
  error: {
    code: string;
    message: string;
    retryable: boolean;
    retryAfterSeconds?: number;
    requestId: string;
    [detail: string]: unknown;
  };
}

/**
 * Builds the SPEC §7.1 error envelope from a {@link ServiceError}. Details never override the four standard fields.
 * @param requestId the `req_…` id of the call, also sent as `X-Service-Request-Id`.
 */
export function errorEnvelope(error: ServiceError, requestId: string): ErrorEnvelope {
  return {
    success: false,
    error: {
      ...error.details,
      code: error.code,
      message: error.message,
      retryable: error.retryable,
      ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }),
      requestId,
    },
  };
}
