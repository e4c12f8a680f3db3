import type { OperationContext, UpstreamResponse } from "@sda/contract";
import type { ServiceError } from "@sda/core";
import { fail } from "../errors.ts";

/** The public AppView: every read, no credentials (3,000 requests per 5 minutes per IP). */
export const PUBLIC_APPVIEW = "https://public.api.bsky.app";
/**
 * Bluesky's PDS entryway: the operator session is made there, and logged-in queries go there (it proxies `app.bsky.*`
 * to the AppView with the account's identity).
 */
export const ENTRYWAY = "https://bsky.social";

/** Query parameters of an XRPC call; undefined values are not sent. */
export type XrpcQuery = Record<string, string | number | undefined>;

/** An XRPC error answer (`{"error": "<Name>", "message": "…"}`) with its HTTP status. */
export interface XrpcFailure {
  status: number;
  /** The error's name (`InvalidRequest`, `NotFound`, `AuthMissing`, `ExpiredToken`…); null when the body has none. */
  error: string | null;
  message: string | null;
}

/** The outcome of one XRPC query: the answer's JSON, or the AppView's refusal. */
export type XrpcResult = { ok: true; body: unknown } | { ok: false; failure: XrpcFailure };

/** Statuses an XRPC error answer comes with that the callers interpret (the rest are `upstream_*` errors). */
const XRPC_ERROR_STATUSES = [400, 401, 403] as const;

/** Reads an XRPC error body. */
function failureOf(response: UpstreamResponse): XrpcFailure {
  let body: unknown = null;
  try {
    body = JSON.parse(response.text());
  } catch {
    // Not JSON: a proxy's page; the status says enough.
  }
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  return {
    status: response.status,
    error: typeof record.error === "string" ? record.error : null,
    message: typeof record.message === "string" ? record.message : null,
  };
}

/**
 * The AppView's XRPC queries (`GET /xrpc/<NSID>?…`) through `ctx.http`, so `MICROBLOGSITE_ORIGIN` (the replay in tests)
 * serves every host. Each call names the host it goes to: the public AppView, or the entryway with the operator's
 * access token.
 */
export class AppView {
  readonly #ctx: OperationContext;

  constructor(ctx: OperationContext) {
    this.#ctx = ctx;
  }

  /**
   * One query, its error answers (400/401/403) returned as such.
   * @param options.accessJwt sends the query to the entryway as the operator (`Authorization: Bearer …`).
   * @throws ServiceError `upstream_*` for other non-2xx answers (429 `upstream_rate_limited`, 5xx, timeouts), and
   *   `upstream_error` when a 2xx body is not JSON.
   */
  async attempt(nsid: string, query: XrpcQuery, options: { accessJwt?: string } = {}): Promise<XrpcResult> {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
    const origin = options.accessJwt ? ENTRYWAY : PUBLIC_APPVIEW;
    const response = await this.#ctx.http.request(
      {
        url: `${origin}/xrpc/${nsid}${search.size > 0 ? `?${search}` : ""}`,
        headers: {
          accept: "application/json",
          ...(options.accessJwt ? { authorization: `Bearer ${options.accessJwt}` } : {}),
        },
        acceptStatus: XRPC_ERROR_STATUSES,
      },
      this.#ctx.signal,
    );
    if (response.status >= 200 && response.status < 300) return { ok: true, body: response.json() };
    return { ok: false, failure: failureOf(response) };
  }

  /**
   * One query whose refusals are final: a "not found" answer becomes `missing()` (the resource's 404), any other
   * refusal an upstream error.
   * @throws ServiceError `missing()`'s error; 502 `upstream_login_required` (401/403: the public AppView wants a
   *   login for it); 502 `upstream_error`, not retryable, for another 400 (`details.upstreamError` names it); and
   *   what {@link AppView.attempt} throws.
   */
  async get(
    nsid: string,
    query: XrpcQuery,
    missing: (failure: XrpcFailure) => ServiceError | null,
  ): Promise<unknown> {
    const result = await this.attempt(nsid, query);
    if (result.ok) return result.body;
    throw refusal(nsid, result.failure, missing);
  }
}

/** True for the AppView's "does not exist" answers: `NotFound`, `UnknownFeed`, `UnknownList`, "… not found". */
export function isNotFound(failure: XrpcFailure): boolean {
  if (failure.status !== 400) return false;
  if (failure.error !== null && /^(NotFound|Unknown\w*)$/.test(failure.error)) return true;
  return /not found/i.test(failure.message ?? "");
}

/** The error of a refused query (see {@link AppView.get}). */
export function refusal(
  nsid: string,
  failure: XrpcFailure,
  missing: (failure: XrpcFailure) => ServiceError | null,
): ServiceError {
  const known = isNotFound(failure) ? missing(failure) : null;
  if (known) return known;
  const details = {
    upstreamStatus: failure.status,
    upstreamError: failure.error,
    upstreamMessage: failure.message,
  };
  if (failure.status === 401 || failure.status === 403)
    return fail("upstream_login_required", `microblogsite wants a login for ${nsid}`, {
      retryable: false,
      details,
    });
  return fail(
    "upstream_error",
    `microblogsite refused ${nsid}: ${failure.error ?? failure.status}${failure.message ? ` (${failure.message})` : ""}`,
    { retryable: false, details },
  );
}
