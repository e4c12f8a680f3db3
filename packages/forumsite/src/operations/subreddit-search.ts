import { defineOperation, fixed, type OperationContext } from "@sda/core";
import { z } from "zod";
import { ForumClient } from "../api/client.ts";
import { subredditParam } from "../input/subreddit-url.ts";
import { type SearchPage, searchPosts } from "../listing/search.ts";
import { searchParams } from "./search.ts";

const ID = "forumsite.subreddit-search";

/** Query parameters of `GET /v1/forumsite/subreddit-search`. */
export const subredditSearchParams = z.object({ url: subredditParam, ...searchParams.shape });

/** The subreddit search result: the search page plus the subreddit searched. */
export interface SubredditSearchResult extends SearchPage {
  subreddit: string;
}

/**
 * Post search inside one subreddit.
 *
 * Upstream: `GET /r/<name>/search?q=…&restrict_sr=true&sort=…&t=…&type=link`, paged with `after`.
 * @returns `{ data, source: "<oauth|public|atom>:search", count }`.
 * @throws ServiceError 404 `subreddit_not_found`, 403 `subreddit_private` / `subreddit_quarantined`, 400
 *   `invalid_cursor`, 502 `upstream_*`.
 */
export async function searchSubreddit(
  params: z.output<typeof subredditSearchParams>,
  ctx: OperationContext,
): Promise<{ data: SubredditSearchResult; source: string; count: number }> {
  const client = new ForumClient(ctx);
  const { via, ...page } = await searchPosts(client, ctx, {
    operationId: ID,
    subreddit: params.url,
    q: params.q,
    sort: params.sort,
    timeframe: params.timeframe,
    limit: params.limit,
    cursor: params.cursor,
  });
  return {
    data: { subreddit: params.url, ...page },
    source: `${via}:search`,
    count: page.posts.length,
  };
}

/** `GET /v1/forumsite/subreddit-search` (SPEC §4.4): 2 credits per call, 0 for an empty page. */
export const subredditSearchOperation = defineOperation({
  id: ID,
  method: "GET",
  path: "/v1/forumsite/subreddit-search",
  tag: "forumsite",
  summary:
    "Post search inside one subreddit (`url`): `q`, `sort` (relevance, hot, top, new, comments), `timeframe`, `limit`, `cursor`.",
  params: subredditSearchParams,
  price: fixed(2),
  queue: "forumsite",
  cache: { mode: "optIn" },
  handler: (params, ctx) => searchSubreddit(params, ctx),
});
