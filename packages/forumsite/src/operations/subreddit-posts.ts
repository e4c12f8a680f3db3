import type { HandlerFor, OperationContext } from "@sda/contract";
import type { z } from "zod";
import { ForumClient } from "../client/client.ts";
import { readListingPage } from "../client/listing-chain.ts";
import type { ForumsiteEnv } from "../env.ts";
import { type ListingSort, TIMED_SORTS, type Timeframe } from "../inputs/params.ts";
import { SITE_ORIGIN } from "../readers/listing.ts";
import type { PostRow } from "../readers/post.ts";
import type { ForumsiteServices } from "../services.ts";
import type { subredditPostsParams, subredditPostsSpec } from "../spec/subreddit-posts.ts";

/** The subreddit posts result. */
export interface SubredditPostsResult {
  subreddit: string;
  url: string;
  sort: ListingSort;
  /** The time window applied (`top` and `controversial` only), else null. */
  timeframe: Timeframe | null;
  totalReturned: number;
  nextCursor: string | null;
  hasMore: boolean;
  posts: PostRow[];
}

/**
 * Posts of a subreddit in the platform's order.
 *
 * Upstream: `GET /r/<name>/<sort>` (`t=<timeframe>` for `top`/`controversial`), paged with `after`; its Atom feed
 * when the API is blocked (see `client/listing-chain.ts`).
 * @returns `{ data, source: "<oauth|public|atom>:listing", count }`.
 * @throws ServiceError 404 `subreddit_not_found`, 403 `subreddit_private` / `subreddit_quarantined`, 400
 *   `invalid_cursor`, 502 `upstream_*`.
 */
export async function getSubredditPosts(
  params: z.output<typeof subredditPostsParams>,
  ctx: OperationContext<ForumsiteEnv, ForumsiteServices>,
): Promise<{ data: SubredditPostsResult; source: string; count: number }> {
  const client = new ForumClient(ctx);
  const name = params.url;
  const timed = TIMED_SORTS.has(params.sort);
  const { page, via } = await readListingPage(ctx, client, "subreddit-posts", {
    path: `/r/${name}/${params.sort}`,
    query: timed ? { t: params.timeframe } : {},
    limit: params.limit,
    cursor: params.cursor,
    resource: { kind: "subreddit", name },
  });
  return {
    data: {
      subreddit: name,
      url: `${SITE_ORIGIN}/r/${name}/`,
      sort: params.sort,
      timeframe: timed ? params.timeframe : null,
      totalReturned: page.posts.length,
      nextCursor: page.nextCursor,
      hasMore: page.hasMore,
      posts: page.posts,
    },
    source: `${via}:listing`,
    count: page.posts.length,
  };
}

/** The handler of `forumsite.subreddit-posts` (its spec: `subredditPostsSpec`). */
export const subredditPostsHandler: HandlerFor<typeof subredditPostsSpec, ForumsiteEnv, ForumsiteServices> = (
  params,
  ctx,
) => getSubredditPosts(params, ctx);
