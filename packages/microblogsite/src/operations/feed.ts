import type { HandlerFor } from "@sda/contract";
import type { MicroblogsiteEnv } from "../env.ts";
import { recordFeedOutcome } from "../paging/feeds.ts";
import type { feedSpec } from "../spec/feed.ts";

/**
 * A custom feed (a feed generator's skeleton, hydrated by the AppView), in the generator's order.
 *
 * Upstream: the creator's handle resolved to a DID when the link names one, then
 * `app.bsky.feed.getFeed?feed=at://<DID>/app.bsky.feed.generator/<key>`, pages followed to fill `limit` (the
 * generator's cursors are opaque). The AppView's `UnknownFeed` is 404.
 * @returns `{ data: { feedId, posts, … }, source: "appview:getFeed", count }`.
 * @throws ServiceError 400 `invalid_cursor`, 404 `feed_not_found` / `profile_not_found`, 502 `upstream_*`.
 */
export const feedHandler: HandlerFor<typeof feedSpec, MicroblogsiteEnv> = (params, ctx) =>
  recordFeedOutcome(ctx, "feed", params);
