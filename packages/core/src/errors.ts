/**
 * The closed set of error codes the service answers with, their HTTP status and default retryability.
 *
 * Every failure a caller can see is a {@link ServiceError}; the gateway turns it into the SPEC §7.1 envelope in one
 * function (`errorEnvelope`). Keeping status and retryability in this one table means a code can never be answered
 * with two different statuses by two different call sites.
 */
export const ERROR_CODES = {
  // 400: the caller's parameters
  missing_parameter: { status: 400, retryable: false },
  invalid_parameter: { status: 400, retryable: false },
  parameter_out_of_range: { status: 400, retryable: false },
  invalid_enum_value: { status: 400, retryable: false },
  invalid_cursor: { status: 400, retryable: false },
  duration_too_long: { status: 400, retryable: false },
  cost_exceeds_max: { status: 400, retryable: false },
  invalid_webhook_url: { status: 400, retryable: false },
  invalid_batch_item: { status: 400, retryable: false },
  // 401 / 402: key and credits (SPEC §5)
  missing_api_key: { status: 401, retryable: false },
  invalid_api_key: { status: 401, retryable: false },
  revoked_api_key: { status: 401, retryable: false },
  insufficient_credits: { status: 402, retryable: false },
  // 403: the resource exists but is not public
  subreddit_private: { status: 403, retryable: false },
  subreddit_quarantined: { status: 403, retryable: false },
  profile_private: { status: 403, retryable: false },
  // 404: the route, a job, or the platform resource
  route_not_found: { status: 404, retryable: false },
  job_not_found: { status: 404, retryable: false },
  no_captions: { status: 404, retryable: false },
  language_not_available: { status: 404, retryable: false },
  video_unavailable: { status: 404, retryable: false },
  channel_not_found: { status: 404, retryable: false },
  channel_unavailable: { status: 404, retryable: false },
  playlist_not_found: { status: 404, retryable: false },
  comment_not_found: { status: 404, retryable: false },
  subreddit_not_found: { status: 404, retryable: false },
  post_not_found: { status: 404, retryable: false },
  profile_not_found: { status: 404, retryable: false },
  highlight_not_found: { status: 404, retryable: false },
  audio_not_found: { status: 404, retryable: false },
  hashtag_not_found: { status: 404, retryable: false },
  webhook_delivery_not_found: { status: 404, retryable: false },
  batch_not_found: { status: 404, retryable: false },
  batch_expired: { status: 404, retryable: false },
  // 405 / 422 / 429
  method_not_allowed: { status: 405, retryable: false },
  webhook_delivery_pending: { status: 409, retryable: true },
  unsupported_url: { status: 422, retryable: false },
  idempotency_key_reused: { status: 422, retryable: false },
  rate_limited: { status: 429, retryable: true },
  // 500 / 502: our side or the platform's
  internal_error: { status: 500, retryable: true },
  upstream_error: { status: 502, retryable: true },
  upstream_timeout: { status: 502, retryable: true },
  upstream_unavailable: { status: 502, retryable: true },
  upstream_blocked: { status: 502, retryable: true },
  upstream_rate_limited: { status: 502, retryable: true },
  upstream_login_required: { status: 502, retryable: true },
  audio_extract_failed: { status: 502, retryable: true },
  asr_unavailable: { status: 502, retryable: false },
  asr_failed: { status: 502, retryable: true },
  summary_failed: { status: 502, retryable: true },
} as const satisfies Record<string, { status: number; retryable: boolean }>;

/** A machine-readable error code (SPEC §7.1 `error.code`). */
export type ErrorCode = keyof typeof ERROR_CODES;

/** Extra fields merged into the `error` object of the envelope (for example `reason`, `availableLanguages`). */
export type ErrorDetails = Record<string, unknown>;

export interface ServiceErrorOptions {
  /** Overrides the code's default retryability (for example `audio_extract_failed` with reason `restricted`). */
  retryable?: boolean;
  /** Seconds to wait before retrying; also sent as the `Retry-After` header. */
  retryAfterSeconds?: number;
  /** Fields merged into the envelope's `error` object. */
  details?: ErrorDetails;
  cause?: unknown;
}

/**
 * The one error type that crosses process boundaries: thrown by handlers and the gateway, carried through the queue
 * as JSON (see {@link ServiceError.toJSON}), and answered by the gateway as the SPEC §7.1 envelope.
 */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly retryable: boolean;
  readonly retryAfterSeconds: number | undefined;
  readonly details: ErrorDetails;

  constructor(code: ErrorCode, message: string, options: ServiceErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ServiceError";
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.retryable = options.retryable ?? ERROR_CODES[code].retryable;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details ?? {};
  }

  /** The serialisable form stored in a job's return value. */
  toJSON(): SerializedServiceError {
    return {
      code: this.code,
      message: this.message,
      retryable: this.retryable,
      ...(this.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: this.retryAfterSeconds }),
      details: this.details,
    };
  }

  /** Rebuilds an error from {@link ServiceError.toJSON} output (read back from a job). */
  static fromJSON(json: SerializedServiceError): ServiceError {
    return new ServiceError(json.code, json.message, {
      retryable: json.retryable,
      ...(json.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: json.retryAfterSeconds }),
      details: json.details,
    });
  }
}

export interface SerializedServiceError {
  code: ErrorCode;
  message: string;
  retryable: boolean;
  retryAfterSeconds?: number;
  details: ErrorDetails;
}

/** True for a {@link ServiceError} (also across module copies, by name and shape). */
export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}
