import type { HandlerFor } from "@sda/contract";
import { TmeClient } from "../client/client.ts";
import type { searchSpec } from "../spec/search.ts";
import { postsPageOf } from "./posts-page.ts";
import { previewOrRefusal } from "./preview-or-refusal.ts";

/**
 * One channel's posts matching `q`, newest first, as Telegram's web preview search finds them (hits come with
 * `<mark>` highlights, dropped from `text`).
 *
 * Upstream: `GET t.me/s/<name>?q=<term>` (`&before=<cursor>` for older hits); zero hits is a "No posts found" notice
 * (no post), answered 200 with no posts and charged 0.
 * @returns `{ data: { channel, query, posts, …page }, source: "tme:search", count }`.
 * @throws ServiceError 404 `channel_not_found`, 422 `preview_unavailable` (`details.type`), 502 `upstream_*`.
 */
export const searchHandler: HandlerFor<typeof searchSpec> = async (params, ctx) => {
  const page = await previewOrRefusal(new TmeClient(ctx), params.url.name, {
    q: params.q,
    before: params.cursor,
  });
  const data = { query: params.q, ...postsPageOf(page, params.limit, params.cursor) };
  return { data, source: "tme:search", count: data.totalReturned };
};
