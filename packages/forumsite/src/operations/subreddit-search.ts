import type { HandlerFor, OperationContext } from "@sda/contract";
import type { z } from "zod";
import { ForumClient } from "../client/client.ts";
import type { ForumsiteEnv } from "../env.ts";
import type { ForumsiteServices } from "../services.ts";
import type { subredditSearchParams, subredditSearchSpec } from "../spec/subreddit-search.ts";
import { type SearchPage, searchPosts } from "./search-posts.ts";

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
  ctx: OperationContext<ForumsiteEnv, ForumsiteServices>,
): Promise<{ data: SubredditSearchResult; source: string; count: number }> {
  const client = new ForumClient(ctx);
  const { via, ...page } = await searchPosts(client, ctx, {
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

/** The handler of `forumsite.subreddit-search` (its spec: `subredditSearchSpec`). */
export const subredditSearchHandler: HandlerFor<
  typeof subredditSearchSpec,
  ForumsiteEnv,
  ForumsiteServices
> = (params, ctx) => searchSubreddit(params, ctx);
