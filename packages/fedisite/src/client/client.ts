import type { OperationContext, UpstreamResponse } from "@sda/contract";
import type { ServiceError } from "@sda/core";
import type { FedisiteEnv } from "../env.ts";
import type { FedisiteErrorCode } from "../errors.ts";
import { fail } from "../errors.ts";
import type { Instance } from "../inputs/links.ts";
import { checkInstance } from "./instance-policy.ts";
import { instanceRateLimits } from "./rate-limits.ts";

/** Query parameters of a request; undefined values are not sent. */
export type Query = Record<string, string | number | boolean | undefined>;

/** What a handler context gives the client (the platform's env slice among it). */
export type FediContext = Pick<OperationContext, "http" | "signal" | "log"> & { env: FedisiteEnv };

/** Statuses read here rather than mapped by the HTTP client. */
const READ_STATUSES = [401, 403, 404, 410, 429] as const;

/** The operator's tokens by instance host (`FEDISITE_TOKENS`: `host=token,…`). */
function tokensOf(env: FedisiteEnv): Map<string, string> {
  const tokens = new Map<string, string>();
  for (const pair of env.FEDISITE_TOKENS.split(",")) {
    const at = pair.indexOf("=");
    if (at > 0) tokens.set(pair.slice(0, at).trim().toLowerCase(), pair.slice(at + 1).trim());
  }
  return tokens;
}

/** Mastodon's error answer `{"error": "…"}`, or null for another body (an origin's or the replay's own 404). */
function mastodonError(response: UpstreamResponse): string | null {
  try {
    const body = JSON.parse(response.text()) as unknown;
    if (typeof body !== "object" || body === null || "replay" in body) return null;
    const error = (body as { error?: unknown }).error;
    return typeof error === "string" ? error : null;
  } catch {
    return null;
  }
}

/**
 * The client of one instance's public REST API (`https://<instance>/api/v1/…`, `/api/v2/…`). Built from the link's
 * instance, it checks the instance first (`checkInstance`: 422 `instance_not_allowed` before any request), honours
 * the instance's rate limit (per process, per host), and sends the operator's token for that instance when one is
 * configured. Every request goes through `ctx.http` (bound to the platform): the upstream client routes it to
 * `FEDISITE_ORIGIN` when set, else guards the live connection (the platform's `callerHosts`).
 */
export class FediClient {
  readonly #ctx: FediContext;
  readonly #origin: string;
  /** The instance's host name (lower case): the key of its rate limit and token, and the domain of local accounts. */
  readonly host: string;
  readonly #token: string | undefined;

  /** @throws ServiceError 422 `instance_not_allowed` for an instance that may not be fetched. */
  constructor(ctx: FediContext, instance: Instance) {
    this.#ctx = ctx;
    this.host = checkInstance(instance, ctx.env);
    this.#origin = `https://${this.host}`;
    this.#token = tokensOf(ctx.env).get(this.host);
  }

  /** True when the operator configured a token for this instance. */
  get loggedIn(): boolean {
    return this.#token !== undefined;
  }

  /**
   * `GET https://<instance><path>?<query>`.
   * @param notFound the code of a 404/410 answer of the instance (its `{"error": …}` body), e.g. `post_not_found`;
   *   without it such an answer is an upstream error.
   * @returns the answer (JSON body, `Link` header).
   * @throws ServiceError 422 `instance_not_allowed`, the `notFound` code, 403 `instance_login_required` (401/403
   *   without a token), 502 `upstream_rate_limited` (the instance's budget is spent: `Retry-After` until its reset),
   *   other `upstream_*` errors (the replay's "no recording" 404 among them).
   */
  async get(path: string, query: Query = {}, notFound?: FedisiteErrorCode): Promise<UpstreamResponse> {
    instanceRateLimits.assertAvailable(this.host, Date.now());
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
    const suffix = search.size > 0 ? `?${search}` : "";
    const response = await this.#ctx.http.request(
      {
        url: `${this.#origin}${path}${suffix}`,
        headers: {
          accept: "application/json",
          ...(this.#token ? { authorization: `Bearer ${this.#token}` } : {}),
        },
        acceptStatus: READ_STATUSES,
      },
      this.#ctx.signal,
    );
    instanceRateLimits.observe(this.host, response.status, response.headers, Date.now());
    if (response.status < 300) return response;
    throw this.#failure(path, response, notFound);
  }

  #failure(path: string, response: UpstreamResponse, notFound: FedisiteErrorCode | undefined): ServiceError {
    const { status } = response;
    if (status === 429) {
      try {
        instanceRateLimits.assertAvailable(this.host, Date.now());
      } catch (error) {
        return error as ServiceError;
      }
    }
    const error = mastodonError(response);
    const details = {
      instance: this.host,
      upstreamStatus: status,
      ...(error ? { upstreamError: error } : {}),
    };
    if ((status === 404 || status === 410) && error !== null && notFound)
      return fail(notFound, `${this.host} has no such ${notFoundWhat[notFound]} (${error})`, {
        details,
      });
    if ((status === 401 || status === 403) && error !== null)
      return fail(
        "instance_login_required",
        `${this.host} serves ${path} to logged-in readers only${this.#token ? " and refused the operator's token" : ""}`,
        { details },
      );
    const replay = response.text().includes('"replay":"no_match"');
    return fail("upstream_error", `fedisite: ${this.host} answered ${status} for ${path}`, {
      details: { ...details, ...(replay ? { replay: "no_match" } : {}) },
      retryAfterSeconds: 5,
    });
  }
}

/** What a not-found code names, for its message. */
const notFoundWhat: Partial<Record<FedisiteErrorCode, string>> = {
  profile_not_found: "account",
  post_not_found: "status",
};
