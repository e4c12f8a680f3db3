import type { ErrorCode } from "@sda/core";

/**
 * The codes any registry operation can answer, whatever its platform (SPEC §7.3 documents 400, 401, 402, 404, 422,
 * 429 and 502 on every operation): its parameters, the key, the credits, the rate limit, the platform upstream, and
 * the service itself, and the `Idempotency-Key` a call may carry. An operation's closed set is these, its platform's
 * codes and the ones it declares (`errors`: e.g. `AUDIO_ERROR_CODES` of `@sda/media/error-codes`).
 */
export const CALL_ERROR_CODES = [
  "missing_parameter",
  "invalid_parameter",
  "parameter_out_of_range",
  "invalid_enum_value",
  "invalid_cursor",
  "missing_api_key",
  "invalid_api_key",
  "revoked_api_key",
  "insufficient_credits",
  "method_not_allowed",
  "unsupported_url",
  "rate_limited",
  "rate_limited_upstream",
  "request_too_large",
  "internal_error",
  "upstream_error",
  "upstream_timeout",
  "upstream_unavailable",
  "upstream_blocked",
  "upstream_rate_limited",
  "upstream_login_required",
  "service_unavailable",
  "idempotency_key_reused",
  "idempotency_key_in_use",
] as const satisfies readonly ErrorCode[];
