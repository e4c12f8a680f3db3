import type { HandlerFor } from "@sda/contract";
import type { MicroblogsiteEnv } from "../env.ts";
import { recordFeedOutcome } from "../paging/feeds.ts";
import type { listFeedSpec } from "../spec/list-feed.ts";

/**
 * The posts of a list's members, newest first.
 *
 * Upstream: the list owner's handle resolved to a DID when the link names one, then
 * `app.bsky.feed.getListFeed?list=at://<DID>/app.bsky.graph.list/<key>`, pages followed to fill `limit`. The AppView's
 * "List not found" is 404.
 * @returns `{ data: { listId, posts, … }, source: "appview:getListFeed", count }`.
 * @throws ServiceError 400 `invalid_cursor`, 404 `list_not_found` / `profile_not_found`, 502 `upstream_*`.
 */
export const listFeedHandler: HandlerFor<typeof listFeedSpec, MicroblogsiteEnv> = (params, ctx) =>
  recordFeedOutcome(ctx, "list", params);
