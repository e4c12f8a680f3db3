/** Status and default retryability of one error code. */
export interface ErrorCodeSpec {
  status: number;
  retryable: boolean;
}

/**
 * The service-wide error codes, their HTTP status and default retryability: a call's parameters, key and credits, the
 * route, a job, rate limits, the platform upstream and the service itself. Codes that belong to one platform (an
 * `…_not_found` of its own resources, a private-profile 403…) are declared by that platform (`definePlatform({
 * errorCodes })`), codes of one feature or shared pipeline by its package (`BATCH_ERROR_CODES` of `@sda/batch`,
 * `MONITOR_ERROR_CODES`, `WEBHOOK_ERROR_CODES`, `HISTORY_ERROR_CODES`, `MEDIA_ERROR_CODES`, `SUMMARY_ERROR_CODES`),
 * each thrown through its owner's {@link errorsOf}; the wiring (`@sda/services`) composes every table into one
 * ({@link composeErrorCodes}).
 *
 * Every failure a caller can see is a {@link ServiceError}; the gateway turns it into the SPEC §7.1 envelope in one
 * function (`errorEnvelope`). Keeping each code's status and retryability in its owner's one table, composed once and
 * refusing a code declared twice with two meanings, means a code can never be answered with two different statuses by
 * two different call sites.
 */
export const ERROR_CODES = {
  // 400: the caller's parameters
  missing_parameter: { status: 400, retryable: false },
  invalid_parameter: { status: 400, retryable: false },
  parameter_out_of_range: { status: 400, retryable: false },
  invalid_enum_value: { status: 400, retryable: false },
  invalid_cursor: { status: 400, retryable: false },
  // an audio transcript over its longest duration, a call above the caller's maxCredits (the platform and the price
  // answer them; the audio pipeline's own codes are @sda/media's)
  duration_too_long: { status: 400, retryable: false },
  cost_exceeds_max: { status: 400, retryable: false },
  // 401 / 402: key and credits (SPEC §5)
  missing_api_key: { status: 401, retryable: false },
  invalid_api_key: { status: 401, retryable: false },
  revoked_api_key: { status: 401, retryable: false },
  insufficient_credits: { status: 402, retryable: false },
  // 404: the route or a job
  route_not_found: { status: 404, retryable: false },
  job_not_found: { status: 404, retryable: false },
  // 405 / 422 / 429 / 431
  method_not_allowed: { status: 405, retryable: false },
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

/** A code → status and retryability table (core's, a feature's, a platform's `errorCodes`, or the composed one). */
export type ErrorCodeTable = Readonly<Record<string, ErrorCodeSpec>>;

/** Core's codes in one table: the service-wide ones and the shared platform ones. */
export const CORE_ERROR_CODES = {
  ...ERROR_CODES,
  ...SHARED_PLATFORM_ERROR_CODES,
} as const satisfies ErrorCodeTable;

/**
 * A code of core's tables (SPEC §7.1 `error.code`): what `new ServiceError(code, …)` accepts, so a typo does not
 * compile. A platform's own codes are in its spec's `errorCodes`, thrown through {@link errorsOf}; the union of every
 * code the service answers is the wiring's composed table (`errorCodes` of `@sda/services`).
 */
export type ErrorCode = keyof typeof CORE_ERROR_CODES;

/** One code with its status and retryability, as a {@link ServiceError} of a code outside core's tables is built. */
export interface CodedErrorSpec extends ErrorCodeSpec {
  readonly code: string;
}

const SNAKE_CASE = /^[a-z][a-z0-9_]*$/;

/** One owner's codes for {@link composeErrorCodes}: a feature package's `const` table, or a platform's `errorCodes`. */
export interface ErrorCodeOwner<T extends ErrorCodeTable = ErrorCodeTable> {
  /** Who declares them (`@sda/batch`, `videosite`), named in the error when two owners disagree. */
  readonly owner: string;
  readonly codes: T;
}

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

/**
 * The type of {@link composeErrorCodes}`(owners)`: core's codes and every owner's, each by its name, so a code
 * nobody declared is a compile error where the composed table is read by name.
 */
export type ComposedErrorCodes<O extends readonly ErrorCodeOwner[]> = Readonly<
  typeof CORE_ERROR_CODES & UnionToIntersection<O[number]["codes"]>
>;

/**
 * The one code table of the service: core's codes, then each owner's (a feature's table, a platform's
 * `errorCodes`), in order. The same code declared twice with the same status and retryability is kept once (two
 * platforms may list `post_not_found`). Pure: the wiring (`@sda/services`) calls it once, at start.
 * @throws Error when a code is not snake_case, or is declared with two statuses or retryabilities.
 */
export function composeErrorCodes<const O extends readonly ErrorCodeOwner[]>(
  owners: O,
): ComposedErrorCodes<O> {
  const table: Record<string, ErrorCodeSpec> = { ...CORE_ERROR_CODES };
  const ownerOf = new Map<string, string>(Object.keys(table).map((code) => [code, "core"]));
  for (const { owner, codes } of owners)
    for (const [code, spec] of Object.entries(codes)) {
      if (!SNAKE_CASE.test(code)) throw new Error(`${owner}: error code "${code}" is not snake_case`);
      const existing = table[code];
      if (existing && (existing.status !== spec.status || existing.retryable !== spec.retryable))
        throw new Error(
          `${owner}: error code "${code}" is already declared by ${ownerOf.get(code)} as ${existing.status}` +
            ` (retryable ${existing.retryable}); it cannot mean ${spec.status} (retryable ${spec.retryable})`,
        );
      if (!existing) {
        table[code] = { status: spec.status, retryable: spec.retryable };
        ownerOf.set(code, owner);
      }
    }
  return Object.freeze(table) as ComposedErrorCodes<O>;
}

/**
 * `code` with its spec from core's tables.
 * @throws Error for a code outside them: reachable only through a cast that escaped the compiler.
 */
function coreSpec(code: ErrorCode): CodedErrorSpec {
  if (!Object.hasOwn(CORE_ERROR_CODES, code))
    throw new Error(
      `"${code}" is not one of core's error codes: a platform's code is thrown through errorsOf`,
    );
  return { code, ...CORE_ERROR_CODES[code] };
}

/** The status of an error read back from a job: its own, else its code's in `codes` or core's; undefined when none. */
function statusOfSerialized(json: SerializedStatus, codes: ErrorCodeTable): number | undefined {
  if (json.status !== undefined) return json.status;
  if (Object.hasOwn(codes, json.code)) return codes[json.code]?.status;
  return Object.hasOwn(CORE_ERROR_CODES, json.code)
    ? CORE_ERROR_CODES[json.code as ErrorCode].status
    : undefined;
}

/** What {@link errorStatus} reads of a serialized error. */
export type SerializedStatus = Pick<SerializedServiceError, "code" | "status">;

/**
 * The HTTP status of an error read back from a job (a batch item's, a monitor run's request-log row): the one it
 * carries; for a result written before errors carried it, its code's in `codes` (the wiring's composed table) or
 * core's; 500 for a code nobody declared (logged as an internal failure rather than guessed).
 */
export function errorStatus(error: SerializedStatus, codes: ErrorCodeTable = CORE_ERROR_CODES): number {
  return statusOfSerialized(error, codes) ?? 500;
}

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
  /** A code of core's tables or of the throwing platform's `errorCodes`. */
  readonly code: string;
  readonly status: number;
  readonly retryable: boolean;
  readonly retryAfterSeconds: number | undefined;
  readonly details: ErrorDetails;

  /**
   * @param code one of core's codes (its status and retryability read from {@link CORE_ERROR_CODES}), or a code with
   *   its spec (a platform's, through {@link errorsOf}; a job's, through {@link ServiceError.fromJSON}).
   */
  constructor(code: ErrorCode | CodedErrorSpec, message: string, options: ServiceErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ServiceError";
    const spec = typeof code === "string" ? coreSpec(code) : code;
    this.code = spec.code;
    this.status = spec.status;
    this.retryable = options.retryable ?? spec.retryable;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details ?? {};
  }

  /** The serialisable form stored in a job's return value. */
  toJSON(): SerializedServiceError {
    return {
      code: this.code,
      status: this.status,
      message: this.message,
      retryable: this.retryable,
      ...(this.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: this.retryAfterSeconds }),
      details: this.details,
    };
  }

  /**
   * Rebuilds an error from {@link ServiceError.toJSON} output (read back from a job), with the status it carries. A
   * result written before errors carried their status is given its code's status in `codes` (default: core's
   * tables), else 500 (`onUnknownStatus` is told, for a log line).
   */
  static fromJSON(
    json: SerializedServiceError,
    codes: ErrorCodeTable = CORE_ERROR_CODES,
    onUnknownStatus: (code: string) => void = (code) =>
      console.warn(
        `error "${code}" read back from a job without a status and of no known code: answered as 500`,
      ),
  ): ServiceError {
    let status = statusOfSerialized(json, codes);
    if (status === undefined) {
      onUnknownStatus(json.code);
      status = 500;
    }
    return new ServiceError({ code: json.code, status, retryable: json.retryable }, json.message, {
      retryable: json.retryable,
      ...(json.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: json.retryAfterSeconds }),
      details: json.details,
    });
  }
}

export interface SerializedServiceError {
  code: string;
  /** The HTTP status the worker gave it; absent in a job result written before errors carried it. */
  status?: number;
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
 * The error constructor of one platform: `fail(code, message, options?)` for its own codes and core's, each error
 * carrying its code's status and retryability.
 */
export interface ErrorFactory<C extends string> {
  (code: C | ErrorCode, message: string, options?: ServiceErrorOptions): ServiceError;
  /** `code` with its status and retryability: for `failWith`, a query parameter refused with a platform's code. */
  spec(code: C | ErrorCode): CodedErrorSpec;
}

/**
 * The error constructor of a platform, typed by its `errorCodes` table ∪ core's codes (a typo does not compile), each
 * error carrying its code's status and retryability; a platform's `errors.ts` exports it as
 * `export const fail = errorsOf(<name>ErrorCodes)`. No platform writes its own name in `details`: the engine adds
 * `platform` ({@link stampPlatform}) when the error leaves the handler.
 */
export function errorsOf<const T extends ErrorCodeTable>(table: T): ErrorFactory<keyof T & string> {
  const spec = (code: string): CodedErrorSpec => {
    const own = Object.hasOwn(table, code) ? table[code] : undefined;
    return own ? { code, status: own.status, retryable: own.retryable } : coreSpec(code as ErrorCode);
  };
  const fail = (code: string, message: string, options?: ServiceErrorOptions) =>
    new ServiceError(spec(code), message, options);
  return Object.assign(fail, { spec });
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
