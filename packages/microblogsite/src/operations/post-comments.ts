import type { HandlerFor } from "@sda/contract";
import { readPostThread } from "../client/thread.ts";
import type { MicroblogsiteEnv } from "../env.ts";
import { readList } from "../paging/pager.ts";
import { flattenReplies } from "../readers/thread.ts";
import type { postCommentsSpec } from "../spec/post-comments.ts";

/** The most reply levels the AppView returns in one thread answer (`getPostThread`'s `depth`, 0–1000). */
const THREAD_DEPTH = 1000;

/**
 * The replies below a post, flat and depth-first.
 *
 * Upstream: the author's handle resolved to a DID when the link names one, then one
 * `app.bsky.feed.getPostThread?uri=…&depth=1000&parentHeight=0`: the whole reply tree at once, flattened in the
 * AppView's order (not-found and blocked replies kept, without text). Later pages read the thread again and continue
 * at the offset the cursor holds.
 * @returns `{ data: { post, comments, … }, source: "appview:getPostThread", count }`.
 * @throws ServiceError 400 `invalid_cursor`, 404 `post_not_found` / `profile_not_found`, 502 `upstream_*`.
 */
export const postCommentsHandler: HandlerFor<typeof postCommentsSpec, MicroblogsiteEnv> = async (
  params,
  ctx,
) => {
  const { uri, root } = await readPostThread(ctx, params.url, { depth: THREAD_DEPTH });
  const comments = flattenReplies(root.node, uri);
  const page = await readList(
    ctx,
    { key: uri, limit: params.limit, cursor: params.cursor },
    async () => ({ items: comments, next: null }),
    (comment) => comment.id,
  );
  return {
    data: {
      post: { ...root.post, isRepost: false, repostedBy: null, repostedAt: null, isPinned: false },
      totalReturned: page.items.length,
      nextCursor: page.nextCursor,
      hasMore: page.hasMore,
      comments: page.items,
    },
    source: "appview:getPostThread",
    count: page.items.length,
  };
};
