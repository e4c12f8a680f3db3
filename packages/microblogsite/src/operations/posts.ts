import type { HandlerFor } from "@sda/contract";
import { profileMissing } from "../client/identity.ts";
import type { MicroblogsiteEnv } from "../env.ts";
import { readFeed } from "../paging/feeds.ts";
import type { postsSpec } from "../spec/posts.ts";

/**
 * An account's feed: its posts, replies and reposts, newest first (the pinned post first on the first page).
 *
 * Upstream: `app.bsky.feed.getAuthorFeed?actor=<handle or DID>[&filter=…]`, pages followed to fill `limit`. No
 * `filter` is sent unless one is asked for (the AppView's default, `posts_with_replies`).
 * @returns `{ data, source: "appview:getAuthorFeed", count }`.
 * @throws ServiceError 400 `invalid_cursor`, 404 `profile_not_found`, 502 `upstream_*`.
 */
export const postsHandler: HandlerFor<typeof postsSpec, MicroblogsiteEnv> = async (params, ctx) => {
  const page = await readFeed(ctx, {
    nsid: "app.bsky.feed.getAuthorFeed",
    query: { actor: params.url, filter: params.filter },
    limit: params.limit,
    cursor: params.cursor,
    missing: () => profileMissing(params.url),
  });
  return {
    data: {
      actor: params.url,
      filter: params.filter ?? null,
      totalReturned: page.items.length,
      nextCursor: page.nextCursor,
      hasMore: page.hasMore,
      posts: page.items,
    },
    source: "appview:getAuthorFeed",
    count: page.items.length,
  };
};
