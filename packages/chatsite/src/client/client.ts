import type { OperationContext, UpstreamResponse } from "@sda/contract";
import type { ServiceError } from "@sda/core";
import { fail } from "../errors.ts";
import { type LandingCard, readLandingCard } from "../readers/landing.ts";
import { type PreviewPage, readPreviewPage } from "../readers/preview-page.ts";
import { readWidget, type WidgetRead } from "../readers/widget.ts";

/** Telegram's link pages; every chatsite request goes here (or to `CHATSITE_ORIGIN`). */
const ORIGIN = "https://t.me";

/** What `/s/<name>` answered: the web preview, the landing card it redirected to, or no page (404). */
export type PreviewAnswer =
  | { kind: "preview"; page: PreviewPage }
  | { kind: "landing"; card: LandingCard }
  | { kind: "absent" };

/** The `/s/` query: a search term and the `before` cursor; absent values are not sent. */
export interface PreviewQuery {
  q?: string | undefined;
  before?: number | undefined;
}

/**
 * The client of `t.me`'s public HTML pages, read logged out: the web preview `/s/<name>`, the landing card
 * `/<name>`, the post widget `/<name>/<id>?embed=1`. Every request goes through `ctx.http` with `platform:
 * "chatsite"` (redirects followed: a group's `/s/<name>` answers 302 to `/<name>`).
 */
export class TmeClient {
  readonly #ctx: Pick<OperationContext, "http" | "signal">;

  constructor(ctx: Pick<OperationContext, "http" | "signal">) {
    this.#ctx = ctx;
  }

  /**
   * `GET /s/<name>?q=…&before=…`.
   * @returns the preview page; the landing card when Telegram redirected there (groups, no preview); `absent` when it
   *   answered 404.
   * @throws ServiceError 502 `upstream_error` (retryable) for a body that is neither page, other `upstream_*` errors.
   */
  async preview(name: string, query: PreviewQuery = {}): Promise<PreviewAnswer> {
    const search = new URLSearchParams();
    if (query.q !== undefined) search.set("q", query.q);
    if (query.before !== undefined) search.set("before", String(query.before));
    const suffix = search.size > 0 ? `?${search}` : "";
    const response = await this.#get(`/s/${name}${suffix}`, [404]);
    if (response.status === 404) return { kind: "absent" };
    const body = response.text();
    const page = readPreviewPage(body);
    if (page) return { kind: "preview", page };
    const card = readLandingCard(body);
    if (card) return { kind: "landing", card };
    throw unexpected(`/s/${name}`, "a web preview or a landing card");
  }

  /**
   * `GET /<name>`: the landing card.
   * @throws ServiceError 502 `upstream_error` (retryable) for a body without a `tgme_page` card.
   */
  async landing(name: string): Promise<LandingCard> {
    const card = readLandingCard((await this.#get(`/${name}`)).text());
    if (!card) throw unexpected(`/${name}`, "a landing card");
    return card;
  }

  /**
   * `GET /<name>/<id>?embed=1`: the post widget.
   * @throws ServiceError 502 `upstream_error` (retryable) for a body that is no post widget.
   */
  async widget(name: string, id: number): Promise<WidgetRead> {
    const read = readWidget((await this.#get(`/${name}/${id}?embed=1`)).text());
    if (!read) throw unexpected(`/${name}/${id}`, "a post widget");
    return read;
  }

  #get(path: string, acceptStatus: readonly number[] = []): Promise<UpstreamResponse> {
    return this.#ctx.http.request(
      {
        url: `${ORIGIN}${path}`,
        headers: { accept: "text/html" },
        ...(acceptStatus.length > 0 ? { acceptStatus } : {}),
      },
      this.#ctx.signal,
    );
  }
}

/** 502 for a page without the markers of the page asked for (a changed layout, a block page). */
function unexpected(path: string, expected: string): ServiceError {
  return fail("upstream_error", `chatsite: t.me${path} is not ${expected}`, {
    details: { reason: "unexpected_page" },
    retryAfterSeconds: 30,
  });
}
