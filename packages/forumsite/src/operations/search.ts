import { cacheParam, cursorParam, defineOperation, fixed, type OperationContext } from "@sda/core";
import { z } from "zod";
import { ForumClient } from "../api/client.ts";
import { postLimitParam, queryParam, searchSortParam, searchTimeframeParam } from "../input/params.ts";
import { type SearchPage, searchPosts } from "../listing/search.ts";

const ID = "forumsite.search";

/** Query parameters of `GET /v1/forumsite/search`. */
export const searchParams = z.object({
  q: queryParam,
  sort: searchSortParam,
  timeframe: searchTimeframeParam,
  limit: postLimitParam,
  cursor: cursorParam,
  cache: cacheParam,
});

/**
 * Site-wide post search.
 *
 * Upstream: `GET /r/all/search?q=…&sort=…&t=…&type=link`, paged with `after`.
 * @returns `{ data: SearchPage, source: "<oauth|public|atom>:search", count }`.
 * @throws ServiceError 400 `invalid_cursor`, 502 `upstream_*`.
 */
export async function searchSite(
  params: z.output<typeof searchParams>,
  ctx: OperationContext,
): Promise<{ data: SearchPage; source: string; count: number }> {
  const client = new ForumClient(ctx);
  const { via, ...data } = await searchPosts(client, ctx, {
    operationId: ID,
    subreddit: null,
    q: params.q,
    sort: params.sort,
    timeframe: params.timeframe,
    limit: params.limit,
    cursor: params.cursor,
  });
  return { data, source: `${via}:search`, count: data.posts.length };
}

/** `GET /v1/forumsite/search` (SPEC §4.4): 2 credits per call, 0 for an empty page. */
export const searchOperation = defineOperation({
  id: ID,
  method: "GET",
  path: "/v1/forumsite/search",
  tag: "forumsite",
  summary:
    "Site-wide post search: `q` (at least 2 characters), `sort` (relevance, hot, top, new, comments), `timeframe` (hour … all), `limit`, `cursor`.",
  params: searchParams,
  price: fixed(2),
  queue: "forumsite",
  cache: { mode: "optIn" },
  handler: (params, ctx) => searchSite(params, ctx),
});
