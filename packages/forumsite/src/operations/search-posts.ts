import type { OperationContext } from "@sda/contract";
import type { ForumClient } from "../client/client.ts";
import { readListingPage } from "../client/listing-chain.ts";
import type { ForumsiteEnv } from "../env.ts";
import type { SearchSort, Timeframe } from "../inputs/params.ts";
import type { PostRow } from "../readers/post.ts";
import type { ForumsiteServices } from "../services.ts";

/**
 * Post search, site-wide or inside one subreddit. Upstream: `GET /r/<sub>/search` with `q`, `sort`, `t`,
 * `type=link` (posts only) and `restrict_sr` (true inside a subreddit; site-wide search is the search of `r/all`).
 */

/** One page of search results, as both search operations return it. */
export interface SearchPage {
  query: string;
  sort: SearchSort;
  timeframe: Timeframe;
  totalReturned: number;
  nextCursor: string | null;
  hasMore: boolean;
  posts: PostRow[];
}

export interface SearchRequest {
  /** Null for site-wide search. */
  subreddit: string | null;
  q: string;
  sort: SearchSort;
  timeframe: Timeframe;
  limit: number;
  cursor: string | undefined;
}

/**
 * Reads one page of search results (the API, or the search feed when it is blocked: see `client/listing-chain.ts`).
 * @returns the page and `via` (`oauth`, `public` or `atom`).
 * @throws as `readPostPage` (404 `subreddit_not_found`, 403 private/quarantined, 400 `invalid_cursor`, 502).
 */
export async function searchPosts(
  client: ForumClient,
  ctx: OperationContext<ForumsiteEnv, ForumsiteServices>,
  request: SearchRequest,
): Promise<SearchPage & { via: string }> {
  const { page, via } = await readListingPage(
    ctx,
    client,
    request.subreddit ? "subreddit-search" : "search",
    {
      path: `/r/${request.subreddit ?? "all"}/search`,
      query: {
        q: request.q,
        sort: request.sort,
        t: request.timeframe,
        type: "link",
        restrict_sr: request.subreddit !== null,
      },
      limit: request.limit,
      cursor: request.cursor,
      resource: { kind: "search", subreddit: request.subreddit },
    },
  );
  return {
    via,
    query: request.q,
    sort: request.sort,
    timeframe: request.timeframe,
    totalReturned: page.posts.length,
    nextCursor: page.nextCursor,
    hasMore: page.hasMore,
    posts: page.posts,
  };
}
