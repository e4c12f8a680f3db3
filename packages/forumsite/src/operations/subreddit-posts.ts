import { cacheParam, cursorParam, defineOperation, fixed, type OperationContext } from "@sda/core";
import { z } from "zod";
import { ForumClient } from "../api/client.ts";
import {
  type ListingSort,
  listingSortParam,
  listingTimeframeParam,
  postLimitParam,
  TIMED_SORTS,
  type Timeframe,
} from "../input/params.ts";
import { subredditParam } from "../input/subreddit-url.ts";
import { readListingPage } from "../listing/chain.ts";
import { SITE_ORIGIN } from "../things/listing.ts";
import type { PostRow } from "../things/post.ts";

const ID = "forumsite.subreddit-posts";

/** Query parameters of `GET /v1/forumsite/subreddit-posts`. */
export const subredditPostsParams = z.object({
  url: subredditParam,
  sort: listingSortParam,
  timeframe: listingTimeframeParam,
  limit: postLimitParam,
  cursor: cursorParam,
  cache: cacheParam,
});

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
 * when the API is blocked (see `listing/chain.ts`).
 * @returns `{ data, source: "<oauth|public|atom>:listing", count }`.
 * @throws ServiceError 404 `subreddit_not_found`, 403 `subreddit_private` / `subreddit_quarantined`, 400
 *   `invalid_cursor`, 502 `upstream_*`.
 */
export async function getSubredditPosts(
  params: z.output<typeof subredditPostsParams>,
  ctx: OperationContext,
): Promise<{ data: SubredditPostsResult; source: string; count: number }> {
  const client = new ForumClient(ctx);
  const name = params.url;
  const timed = TIMED_SORTS.has(params.sort);
  const { page, via } = await readListingPage(ctx, client, "subreddit-posts", {
    operationId: ID,
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

/** `GET /v1/forumsite/subreddit-posts` (SPEC §4.4): 2 credits per call, 0 for an empty page. */
export const subredditPostsOperation = defineOperation({
  id: ID,
  method: "GET",
  path: "/v1/forumsite/subreddit-posts",
  tag: "forumsite",
  summary:
    "Posts of a subreddit (`url`: URL, `r/name` or name) with `sort` (hot, new, top, rising, controversial), `timeframe` for top/controversial, `limit` and `cursor`.",
  params: subredditPostsParams,
  price: fixed(2),
  queue: "forumsite",
  cache: { mode: "optIn" },
  handler: (params, ctx) => getSubredditPosts(params, ctx),
});
