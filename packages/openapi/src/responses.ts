/**
 * The response headers (SPEC §4.1 `X-Service-*`, the balance, the IETF `RateLimit-*` fields, `Retry-After`) and the
 * shared responses of the document, as components every operation references.
 */

const integer = { type: "integer", minimum: 0 };

/** `components.headers`. */
export const HEADERS = {
  XServiceRequestId: {
    description: "The call's `req_…` id (on every answer, success or error); quote it to support.",
    schema: { type: "string" },
  },
  XServiceCredits: {
    description: "Credits actually charged for this call (0 on errors, free calls and free cache hits).",
    schema: integer,
  },
  XServiceCache: {
    description: "`HIT` (served from the cache), `MISS` (fetched and stored) or `BYPASS` (not cached).",
    schema: { type: "string", enum: ["HIT", "MISS", "BYPASS"] },
  },
  XServiceSource: {
    description: "Which path served the call (e.g. `innertube:android+timedtext:json3`, `cache`, `feed`).",
    schema: { type: "string" },
  },
  XServiceBalance: {
    description: "The account's balance after this call, in credits.",
    schema: { type: "integer" },
  },
  RateLimitLimit: { description: "Calls allowed per second for this key.", schema: integer },
  RateLimitRemaining: { description: "Calls left in the current second.", schema: integer },
  RateLimitReset: { description: "Seconds until the window resets.", schema: integer },
  RetryAfter: {
    description: "Seconds to wait before retrying (retryable errors, 202 polls).",
    schema: integer,
  },
} as const;

const header = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });

const RATE_LIMIT = {
  "RateLimit-Limit": header("RateLimitLimit"),
  "RateLimit-Remaining": header("RateLimitRemaining"),
  "RateLimit-Reset": header("RateLimitReset"),
};

/** Headers of a 200: the four `X-Service-*`, the balance and the rate limit (authenticated calls). */
export function successHeaders(authenticated: boolean) {
  return {
    "X-Service-Request-Id": header("XServiceRequestId"),
    "X-Service-Credits": header("XServiceCredits"),
    "X-Service-Cache": header("XServiceCache"),
    "X-Service-Source": header("XServiceSource"),
    ...(authenticated ? { "X-Service-Balance": header("XServiceBalance"), ...RATE_LIMIT } : {}),
  };
}

/** Headers of an error: the request id, the (zero) charge, and `Retry-After` on statuses that may carry it. */
function errorHeaders(status: string) {
  return {
    "X-Service-Request-Id": header("XServiceRequestId"),
    "X-Service-Credits": header("XServiceCredits"),
    ...(["429", "500", "502", "503", "default"].includes(status)
      ? { "Retry-After": header("RetryAfter") }
      : {}),
  };
}

/** What each error status means on this service (SPEC §5, §7.3). */
export const ERROR_STATUSES: Record<string, string> = {
  "400": "Invalid parameters (`error.param` names the one at fault), or a refused cost (audio transcript).",
  "401": "Missing, invalid or revoked API key.",
  "402": "Not enough credits for this call.",
  "404": "The resource does not exist or is not public (caption operations: no usable track). Not billed.",
  "405": "Method not allowed on this path (`Allow` lists the methods).",
  "409": "Conflict with the resource's state.",
  "422": "A URL or value of the wrong kind (e.g. another platform's URL).",
  "429": "Rate limited: wait `Retry-After` seconds.",
  "500": "The service failed; retryable, nothing billed.",
  "502": "The platform failed, refused or timed out; `retryable` says whether to retry.",
  "503": "A store of the service is unreachable; retryable, nothing billed.",
};

/** The error statuses documented on every registry operation (SPEC §4.1 plus 500 and 503). */
export const OPERATION_ERROR_STATUSES = ["400", "401", "402", "404", "422", "429", "500", "502", "503"];

/** An error response of `status` whose body is the schema at `schemaRef`. */
export function errorResponse(status: string, schemaRef: string, description?: string) {
  return {
    description: description ?? ERROR_STATUSES[status] ?? "Error.",
    headers: errorHeaders(status),
    content: { "application/json": { schema: { $ref: schemaRef } } },
  };
}

/** `components.responses`: the 202 of a call that outlived the deadline. */
export const SHARED_RESPONSES = {
  Accepted: {
    description:
      "Still running after the 110 s deadline: poll `data.pollUrl` after `Retry-After` seconds; the call is billed " +
      "once, when it finishes.",
    headers: {
      "X-Service-Request-Id": header("XServiceRequestId"),
      "Retry-After": header("RetryAfter"),
    },
    content: { "application/json": { schema: { $ref: "#/components/schemas/JobHandle" } } },
  },
};
