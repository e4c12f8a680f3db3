import type { components } from "./generated/schema.ts";

/** The `error` object of the service's error envelope (SPEC §7.1), with its documented extras. */
export type ErrorBody = components["schemas"]["ErrorEnvelope"]["error"];

/**
 * A non-2xx answer of the service, typed: `code` (machine-readable), `retryable`, `retryAfterSeconds` (from
 * `Retry-After`, else the body), the HTTP `status`, the `requestId` to quote, and the whole `error` object (`details`:
 * `param`, `reason`, `availableLanguages`, `suggestion`…). Nothing is billed for a call that failed.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly retryable: boolean;
  /** Seconds to wait before retrying, when the service said (`Retry-After`); undefined otherwise. */
  readonly retryAfterSeconds: number | undefined;
  readonly requestId: string | undefined;
  readonly details: ErrorBody;

  constructor(status: number, body: ErrorBody, retryAfter: string | null) {
    super(body.message);
    this.name = "ApiError";
    this.status = status;
    this.code = body.code;
    this.retryable = body.retryable;
    const header = retryAfter === null ? Number.NaN : Number(retryAfter);
    this.retryAfterSeconds = Number.isFinite(header) ? header : body.retryAfterSeconds;
    this.requestId = body.requestId;
    this.details = body;
  }

  /**
   * The error of a failed answer: its envelope when the body is one, else a synthetic `http_<status>` error
   * (a proxy's HTML page, an empty body) that is retryable for 5xx.
   */
  static from(response: Response, body: unknown): ApiError {
    const error = (body as { error?: ErrorBody } | null)?.error;
    if (error && typeof error.code === "string")
      return new ApiError(response.status, error, response.headers.get("retry-after"));
    return new ApiError(
      response.status,
      {
        code: `http_${response.status}`,
        message: `the service answered ${response.status} without an error envelope`,
        retryable: response.status >= 500,
        requestId: response.headers.get("x-service-request-id") ?? "",
      },
      response.headers.get("retry-after"),
    );
  }
}
