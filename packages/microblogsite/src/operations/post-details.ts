import type { HandlerFor } from "@sda/contract";
import { readPostThread } from "../client/thread.ts";
import type { MicroblogsiteEnv } from "../env.ts";
import type { postDetailsSpec } from "../spec/post-details.ts";

/**
 * One post.
 *
 * Upstream: the author's handle resolved to a DID (`com.atproto.identity.resolveHandle`) when the link names a handle,
 * then `app.bsky.feed.getPostThread?uri=at://<DID>/app.bsky.feed.post/<rkey>` without replies or parents (`depth=0`,
 * `parentHeight=0`): the full post view, with counts and the hydrated embed.
 * @returns `{ data: Post, source: "appview:getPostThread" }`.
 * @throws ServiceError 404 `post_not_found` (also for a post a block hides), 404 `profile_not_found` (the handle
 *   resolves to no account), 502 `upstream_*`.
 */
export const postDetailsHandler: HandlerFor<typeof postDetailsSpec, MicroblogsiteEnv> = async (
  params,
  ctx,
) => {
  const { root } = await readPostThread(ctx, params.url, { depth: 0 });
  return {
    data: { ...root.post, isRepost: false, repostedBy: null, repostedAt: null, isPinned: false },
    source: "appview:getPostThread",
  };
};
