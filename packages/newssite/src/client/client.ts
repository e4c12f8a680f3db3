import type { OperationContext, PlatformRequest, UpstreamResponse } from "@sda/contract";
import { fail } from "../errors.ts";

/** Live origin of the official Firebase API (`/v0/...`). */
const FIREBASE_ORIGIN = "https://hacker-news.firebaseio.com";
/** Live origin of the Algolia search API (`/api/v1/...`). */
const ALGOLIA_ORIGIN = "https://hn.algolia.com";

/** Upstream requests in flight at once while hydrating items or walking a thread. */
export const ITEM_CONCURRENCY = 8;

/** Query parameters of an Algolia request; undefined values are not sent. */
export type AlgoliaQuery = Record<string, string | number | undefined>;

/**
 * The Hacker News client: the official Firebase API (items, users, story lists; no credentials) and the Algolia
 * search API (search, whole comment trees, user summaries). Every request goes through `ctx.http`, so the configured
 * `NEWSSITE_ORIGIN` (the replay in tests) serves both hosts.
 *
 * Firebase answers a missing item or user with HTTP 200 and the body `null`, and a path it does not serve with HTTP
 * 401 `{"error": "Permission denied"}`; both are handled here.
 */
export class NewsClient {
  readonly #ctx: OperationContext;

  constructor(ctx: OperationContext) {
    this.#ctx = ctx;
  }

  /**
   * `GET https://hacker-news.firebaseio.com<path>` as JSON.
   * @param path e.g. `/v0/item/8863.json`.
   * @returns the parsed body (`null` for a missing resource: Firebase's own answer for it).
   * @throws ServiceError 502 `upstream_error` (`reason: permission_denied`, not retryable) for Firebase's 401, other
   *   `upstream_*` errors of the HTTP client (an origin's 404 among them: Firebase never answers one for a missing
   *   item, so it is a broken origin or a replay without that recording, never "not found"), `upstream_error` when
   *   the body is not JSON.
   */
  async firebase(path: string): Promise<unknown> {
    const response = await this.#send({ url: `${FIREBASE_ORIGIN}${path}`, acceptStatus: [401] });
    if (response.status === 401)
      throw fail("upstream_error", `newssite refused ${path}: permission denied`, {
        retryable: false,
        details: { upstreamStatus: 401, reason: "permission_denied" },
      });
    return response.json();
  }

  /**
   * One item, `GET /v0/item/<id>.json`.
   * @returns the raw item, or null when Firebase answers `null` (no such item). Callers decide whether absence is an
   *   error (item details) or a gap (lists).
   * @throws ServiceError as {@link NewsClient.firebase}.
   */
  item(id: number | string): Promise<unknown> {
    return this.firebase(`/v0/item/${id}.json`);
  }

  /**
   * `GET https://hn.algolia.com<path>?<query>`.
   * @param options.acceptStatus statuses the caller reads itself (e.g. 404 of an unknown item; never the replay's
   *   "no recording" 404, which the HTTP client throws).
   * @throws ServiceError `upstream_*` for other non-2xx answers and for the replay's "no recording".
   */
  async algolia(
    path: string,
    query: AlgoliaQuery = {},
    options: { acceptStatus?: readonly number[] } = {},
  ): Promise<UpstreamResponse> {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
    const suffix = search.size > 0 ? `?${search}` : "";
    return this.#send({
      url: `${ALGOLIA_ORIGIN}${path}${suffix}`,
      ...(options.acceptStatus ? { acceptStatus: options.acceptStatus } : {}),
    });
  }

  /** One request through `ctx.http` (which throws the replay's "no recording" even where a 404 is accepted). */
  #send(request: PlatformRequest): Promise<UpstreamResponse> {
    return this.#ctx.http.request({ headers: { accept: "application/json" }, ...request }, this.#ctx.signal);
  }
}
