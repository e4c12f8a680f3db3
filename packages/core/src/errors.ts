/** Status and default retryability of one error code. */
export interface ErrorCodeSpec {
  status: number;
  retryable: boolean;
}

/**
 * The service-wide error codes, their HTTP status and default retryability. Codes that belong to one platform
 * (an `…_not_found` of its own resources, a private-profile 403…) are declared by that platform (`definePlatform({
 * errorCodes })`) and registered into the same table at load time ({@link registerErrorCodes}).
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
  operation_not_monitorable: { status: 400, retryable: false },
  invalid_schedule: { status: 400, retryable: false },
  unknown_metric: { status: 400, retryable: false },
  ambiguous_url: { status: 400, retryable: false },
  invalid_batch_item: { status: 400, retryable: false },
  // 401 / 402: key and credits (SPEC §5)
  missing_api_key: { status: 401, retryable: false },
  invalid_api_key: { status: 401, retryable: false },
  revoked_api_key: { status: 401, retryable: false },
  insufficient_credits: { status: 402, retryable: false },
  // 404: the route or a job
  route_not_found: { status: 404, retryable: false },
  job_not_found: { status: 404, retryable: false },
  webhook_delivery_not_found: { status: 404, retryable: false },
  batch_not_found: { status: 404, retryable: false },
  batch_expired: { status: 404, retryable: false },
  monitor_not_found: { status: 404, retryable: false },
  // 405 / 422 / 429 / 431
  method_not_allowed: { status: 405, retryable: false },
  webhook_delivery_pending: { status: 409, retryable: true },
  monitor_without_webhook: { status: 409, retryable: false },
  monitor_limit_reached: { status: 409, retryable: false },
  unsupported_url: { status: 422, retryable: false },
  idempotency_key_reused: { status: 422, retryable: false },
  // a direct call with the Idempotency-Key of a call still starting (not yet enqueued) past the deadline
  idempotency_key_in_use: { status: 409, retryable: true },
  // 431: headers or URL over the server's limit (answered before routing)
  request_too_large: { status: 431, retryable: false },
  rate_limited: { status: 429, retryable: true },
  // a platform host's politeness budget (declared by the platform) cannot start the call's request in time
  rate_limited_upstream: { status: 429, retryable: true },
  // 500 / 502: our side or the platform's
  internal_error: { status: 500, retryable: true },
  upstream_error: { status: 502, retryable: true },
  upstream_timeout: { status: 502, retryable: true },
  upstream_unavailable: { status: 502, retryable: true },
  upstream_blocked: { status: 502, retryable: true },
  upstream_rate_limited: { status: 502, retryable: true },
  upstream_login_required: { status: 502, retryable: true },
  // the shared audio and summary pipelines (@sda/media, @sda/summarize)
  audio_extract_failed: { status: 502, retryable: true },
  asr_unavailable: { status: 502, retryable: false },
  asr_failed: { status: 502, retryable: true },
  summary_failed: { status: 502, retryable: true },
  // 503: a store of the service (Redis, PostgreSQL) is unreachable; nothing was done or billed
  service_unavailable: { status: 503, retryable: true },
} as const satisfies Record<string, ErrorCodeSpec>;

/**
 * Codes several platforms answer with one meaning, status and retryability, declared once here. A platform lists the
 * ones it answers in its own `errorCodes` table with {@link sharedErrorCodes} (so they are in its operations' closed
 * sets, SPEC §7), and throws them as any other code; it never redeclares them.
 */
export const SHARED_PLATFORM_ERROR_CODES = {
  /** A `url` that is not a link of the platform, or not of a kind it reads. */
  invalid_url: { status: 400, retryable: false },
  /** A link of another kind than the operation reads (an artist page to a release operation); `details.kind` the kind given. */
  url_kind_mismatch: { status: 400, retryable: false },
  /** The platform does not know the resource a link names (of whatever kind). */
  not_found: { status: 404, retryable: false },
  /** The platform answered that the post (status, thread, item page) does not exist or was deleted. */
  post_not_found: { status: 404, retryable: false },
  /** The platform answered that the account or profile does not exist. */
  profile_not_found: { status: 404, retryable: false },
  /** The platform answered that the channel does not exist. */
  channel_not_found: { status: 404, retryable: false },
} as const satisfies Record<string, ErrorCodeSpec>;

/** A code of {@link SHARED_PLATFORM_ERROR_CODES}. */
export type SharedPlatformErrorCode = keyof typeof SHARED_PLATFORM_ERROR_CODES;

/**
 * The entries of the shared codes a platform answers, for its `errorCodes` table (spread where the code belongs in
 * its order): `{ instance_not_allowed: …, ...sharedErrorCodes("profile_not_found", "post_not_found") }`.
 */
export function sharedErrorCodes<const C extends SharedPlatformErrorCode>(
  ...codes: C[]
): { readonly [K in C]: (typeof SHARED_PLATFORM_ERROR_CODES)[K] } {
  return Object.fromEntries(codes.map((code) => [code, SHARED_PLATFORM_ERROR_CODES[code]])) as {
    readonly [K in C]: (typeof SHARED_PLATFORM_ERROR_CODES)[K];
  };
}

/**
 * Error codes declared by platforms. Each platform package augments this interface with its own table, so a
 * `ServiceError` with a typo'd or foreign code does not compile:
 *
 * ```ts
 * declare module "@sda/core" { interface PlatformErrorCodes extends Record<keyof typeof myErrorCodes, true> {} }
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by module augmentation in the platform packages
export interface PlatformErrorCodes {}

/** The one code → status table at run time: the service-wide codes plus every registered platform's. */
const registered = new Map<string, ErrorCodeSpec & { owner: string }>(
  Object.entries({ ...ERROR_CODES, ...SHARED_PLATFORM_ERROR_CODES }).map(([code, spec]) => [
    code,
    { ...spec, owner: "core" },
  ]),
);

/**
 * Adds a platform's codes to the table (called by `definePlatform`). Registering the same code twice with the same
 * status and retryability is allowed (two platforms may share `post_not_found`).
 * @throws Error when a code is not snake_case or is already registered with another status or retryability.
 */
export function registerErrorCodes(owner: string, codes: Readonly<Record<string, ErrorCodeSpec>>): void {
  for (const [code, spec] of Object.entries(codes)) {
    if (!/^[a-z][a-z0-9_]*$/.test(code)) throw new Error(`${owner}: error code "${code}" is not snake_case`);
    const existing = registered.get(code);
    if (existing && (existing.status !== spec.status || existing.retryable !== spec.retryable))
      throw new Error(
        `${owner}: error code "${code}" is already registered by ${existing.owner} as ${existing.status}` +
          ` (retryable ${existing.retryable}); it cannot mean ${spec.status} (retryable ${spec.retryable})`,
      );
    if (!existing) registered.set(code, { ...spec, owner });
  }
}

/**
 * Status and retryability of a registered code.
 * @throws Error for a code no one registered (a platform whose spec was not loaded, or a typo that escaped the
 *   compiler): never answered with a guessed status.
 */
export function errorCodeSpec(code: string): ErrorCodeSpec {
  const spec = registered.get(code);
  if (!spec)
    throw new Error(
      `unregistered error code "${code}": declare it in its platform's errorCodes (definePlatform) or in core`,
    );
  return { status: spec.status, retryable: spec.retryable };
}

/** A machine-readable error code (SPEC §7.1 `error.code`). */
export type ErrorCode = keyof typeof ERROR_CODES | SharedPlatformErrorCode | keyof PlatformErrorCodes;

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
    const spec = errorCodeSpec(code);
    this.status = spec.status;
    this.retryable = options.retryable ?? spec.retryable;
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

/**
 * A platform's answer of one of its codes (or a shared one): `new ServiceError(code, message, { details })`, its
 * status and retryability the code's. No platform writes its own name in `details`: the engine adds `platform`
 * ({@link stampPlatform}) when the error leaves the handler.
 */
export function platformError(code: ErrorCode, message: string, details?: ErrorDetails): ServiceError {
  return new ServiceError(code, message, details === undefined ? {} : { details });
}

/**
 * `error` with `details.platform` set to `platform` unless it names one already (an upstream client error names the
 * provider it came from). The engine stamps every error leaving a handler with it, so platform code never writes its
 * own name.
 * @returns the same error, its details naming a platform.
 */
export function stampPlatform<E extends ServiceError>(error: E, platform: string): E {
  if (error.details.platform === undefined) Object.assign(error, { details: { platform, ...error.details } });
  return error;
}
