import type { OperationContext } from "@sda/contract";
import type { ServiceError } from "@sda/core";
import { fail } from "../errors.ts";
import { currentClientId, fetchClientId, keyRefusedError } from "./client-id.ts";
import { API_ORIGIN } from "./hosts.ts";

/** 502 `upstream_error` (not retryable) for an api-v2 404 where the resource cannot be missing (a search, a list page). */
export const unexpected404 = (what: string) =>
  fail("upstream_error", `audiosite: ${what} answered 404`, {
    retryable: false,
    details: { upstreamStatus: 404 },
  });

/** Query parameters of an api-v2 request; undefined values are not sent. */
export type ApiQuery = Record<string, string | number | undefined>;

/** An api-v2 answer: its JSON, or 404 (the caller says what is missing). */
export type ApiResult = { ok: true; body: unknown } | { ok: false; status: 404 };

/**
 * api-v2 (`https://api-v2.soundcloud.com`) through `ctx.http`, each request with the web app's key (`client_id`). One
 * object per call: an unexpected 401/403 (a stale key; its answer is not recorded) fetches a new key and retries,
 * at most once per call; a second refusal is 502 `upstream_blocked` (retryable, `Retry-After`).
 */
export class AudiositeApi {
  readonly #ctx: OperationContext;
  #refreshed = false;

  constructor(ctx: OperationContext) {
    this.#ctx = ctx;
  }

  /**
   * The URL of a path (`/users/1`) or of a `next_href` (absolute, on the API host), with `query` set and the key
   * added (a `next_href` may or may not carry one; it is always replaced by the current key).
   * @throws ServiceError 502 `upstream_error` for a `next_href` on another host.
   */
  static urlOf(pathOrHref: string, query: ApiQuery, clientId: string): string {
    let url: URL | null = null;
    try {
      url = new URL(pathOrHref, API_ORIGIN);
    } catch {
      // reported below
    }
    if (url?.origin !== API_ORIGIN)
      throw fail("upstream_error", "audiosite: a next_href points outside api-v2", {
        retryable: false,
      });
    for (const [key, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(key, String(value));
    url.searchParams.set("client_id", clientId);
    return url.href;
  }

  /**
   * `GET` one api-v2 resource.
   * @returns the JSON body, or `{ ok: false, status: 404 }`.
   * @throws ServiceError 502 `upstream_blocked` (no key, or refused after one refresh), `upstream_rate_limited`
   *   (429), `upstream_error` (5xx, a body that is not JSON), `upstream_timeout`.
   */
  async get(pathOrHref: string, query: ApiQuery = {}): Promise<ApiResult> {
    for (;;) {
      const clientId = await currentClientId(this.#ctx);
      const response = await this.#ctx.http.request(
        {
          url: AudiositeApi.urlOf(pathOrHref, query, clientId),
          headers: { accept: "application/json", "accept-language": "en-GB" },
          acceptStatus: [401, 403, 404],
        },
        this.#ctx.signal,
      );
      if (response.status === 404) return { ok: false, status: 404 };
      if (response.status === 401 || response.status === 403) {
        if (this.#refreshed)
          throw keyRefusedError(`api-v2 refused a fresh client_id (HTTP ${response.status})`);
        this.#refreshed = true;
        this.#ctx.log.info(
          { status: response.status },
          "audiosite: api-v2 refused the client_id; fetching a new one",
        );
        await fetchClientId(this.#ctx);
        continue;
      }
      return { ok: true, body: response.json() };
    }
  }

  /**
   * `GET` one api-v2 resource whose 404 is `missing()`.
   * @throws ServiceError `missing()`; what {@link AudiositeApi.get} throws.
   */
  async require(pathOrHref: string, query: ApiQuery, missing: () => ServiceError): Promise<unknown> {
    const result = await this.get(pathOrHref, query);
    if (!result.ok) throw missing();
    return result.body;
  }
}
