import type { OperationContext, UpstreamResponse } from "@sda/contract";
import { fail } from "../errors.ts";
import { graphqlData } from "../readers/graphql.ts";
import type { JsonObject } from "../readers/json-walk.ts";
import { type LibraryPage, readLibraryPage } from "../readers/page.ts";
import { jazoestOf, type VisitSession } from "./session.ts";

/** The live origin of the Ad Library. */
const LIBRARY_ORIGIN = "https://www.facebook.com";

/** `doc_id` of `AdLibraryV3AdDetailsQuery` as the web client sent it on 2026-10-06 (it rotates with releases). */
export const AD_DETAILS_DOC_ID = "25068828942793558";

/** Query parameters of a library page, in the web client's order (`active_status`, `ad_type`, `country`, …). */
export type PageQuery = readonly (readonly [string, string])[];

/** Statuses a library page may answer with that the client reads itself: the library serves its pages with 403. */
const PAGE_STATUSES = [401, 403, 429] as const;

/**
 * The Meta Ad Library client, logged out, as a browser reads it: `GET /ads/library/?…` (the page with the first
 * batch of results embedded) and `POST /api/graphql/` (the scroll batches and the ad details, form-encoded as the web
 * client sends them). Every request goes through `ctx.http`, so `ADSITE_ORIGIN` (the replay in tests) serves them.
 */
export class LibraryClient {
  readonly #ctx: OperationContext;

  constructor(ctx: OperationContext) {
    this.#ctx = ctx;
  }

  /**
   * One library page. The library answers with HTTP 403 and the whole page: the body decides what it is.
   * @returns the page as {@link readLibraryPage} reads it.
   * @throws ServiceError 502 `upstream_blocked` (retryable, `Retry-After`) for 401 and 429 and for a redirect to a
   *   login or checkpoint page, `upstream_*` for other failures, 502 `upstream_error` for a page that is not the
   *   library's.
   */
  async page(query: PageQuery): Promise<LibraryPage> {
    const search = new URLSearchParams(query.map(([k, v]): [string, string] => [k, v]));
    const response = await this.#ctx.http.request(
      {
        url: `${LIBRARY_ORIGIN}/ads/library/?${search}`,
        headers: { accept: "text/html,application/xhtml+xml", "accept-language": "en-US,en;q=0.9" },
        acceptStatus: PAGE_STATUSES,
      },
      this.#ctx.signal,
    );
    if (response.status === 401 || response.status === 429 || /\/(login|checkpoint)\b/.test(pathOf(response)))
      throw fail(
        "upstream_blocked",
        `the Ad Library refused the logged-out visit (HTTP ${response.status})`,
        {
          retryAfterSeconds: 60,
          details: { upstreamStatus: response.status },
        },
      );
    return readLibraryPage(response.text());
  }

  /**
   * One GraphQL query, form-encoded as the web client posts it (`fb_api_req_friendly_name`, `variables` as a JSON
   * string, `doc_id`, `fb_api_caller_class=RelayModern`, `server_timestamps=true` and the visit's `lsd`/`jazoest`).
   * @param docId the query's `doc_id`, or null when it is not known (not sent).
   * @returns the answer's `data`.
   * @throws ServiceError 502 `upstream_error` (retryable) for an answer without `data`, `upstream_rate_limited` for a
   *   rate-limit answer, `upstream_*` for HTTP failures (401 and 429: `upstream_blocked`).
   */
  async graphql(
    name: string,
    variables: Record<string, unknown>,
    docId: string | null,
    session: VisitSession,
  ): Promise<JsonObject> {
    const form = new URLSearchParams({ av: "0", __user: "0", __a: "1", __comet_req: "94" });
    if (session.lsd) {
      form.set("lsd", session.lsd);
      form.set("jazoest", jazoestOf(session.lsd));
    }
    form.set("fb_api_caller_class", "RelayModern");
    form.set("fb_api_req_friendly_name", name);
    form.set("server_timestamps", "true");
    form.set("variables", JSON.stringify(variables));
    if (docId) form.set("doc_id", docId);
    const response = await this.#ctx.http.request(
      {
        url: `${LIBRARY_ORIGIN}/api/graphql/`,
        method: "POST",
        headers: {
          accept: "*/*",
          "content-type": "application/x-www-form-urlencoded",
          "x-fb-friendly-name": name,
          ...(session.lsd ? { "x-fb-lsd": session.lsd } : {}),
        },
        body: form.toString(),
        acceptStatus: [401, 429],
      },
      this.#ctx.signal,
    );
    if (response.status === 401 || response.status === 429)
      throw fail("upstream_blocked", `the Ad Library refused ${name} (HTTP ${response.status})`, {
        retryAfterSeconds: 60,
        details: { upstreamStatus: response.status },
      });
    return graphqlData(response.text(), name);
  }
}

/** The path of the URL finally answered ("" when it is not a URL). */
function pathOf(response: UpstreamResponse): string {
  try {
    return new URL(response.url).pathname;
  } catch {
    return "";
  }
}
