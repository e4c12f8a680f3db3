import type { HandlerFor, OperationContext } from "@sda/contract";
import type { z } from "zod";
import { ForumClient } from "../client/client.ts";
import { resolvePostId } from "../client/resolve-post.ts";
import type { ForumsiteEnv } from "../env.ts";
import { fail } from "../errors.ts";
import type { CommentSort } from "../inputs/params.ts";
import { readCommentPage } from "../paging/thread.ts";
import type { ForumComment } from "../readers/comment.ts";
import { type PostDetails, readPostDetails } from "../readers/post.ts";
import type { postCommentsParams, postCommentsSpec } from "../spec/post-comments.ts";

/** The comments result (SPEC §2.11: flat list with `depth` and `parentId`, the parent post, a cursor). */
export interface PostCommentsResult {
  postId: string;
  sort: CommentSort;
  /** The post the comments belong to (on every page). */
  post: PostDetails;
  /** Comments of the whole thread as the platform counts them (including deleted and hidden ones). */
  totalComments: number | null;
  totalReturned: number;
  nextCursor: string | null;
  hasMore: boolean;
  /** In thread order: each comment is followed by its replies. */
  comments: ForumComment[];
}

/**
 * One page of a post's comment thread, flat in thread order.
 *
 * Upstream: `GET /comments/<id>?sort=…` for the post and the first part of the tree, then `POST /api/morechildren`
 * for each "load more comments" stub and `GET /comments/<id>/_/<comment>` for each "continue this thread" stub met
 * before the page is full (see `paging/thread.ts`).
 * @returns `{ data, source: "<oauth|public>:comments[+morechildren][+share-link]", count }`.
 * @throws ServiceError 404 `post_not_found`, 403 `subreddit_private` / `subreddit_quarantined`, 400
 *   `invalid_cursor`, 502 `upstream_*`.
 */
export async function getPostComments(
  params: z.output<typeof postCommentsParams>,
  ctx: OperationContext<ForumsiteEnv>,
): Promise<{ data: PostCommentsResult; source: string; count: number }> {
  const client = new ForumClient(ctx);
  const { id, viaShareLink } = await resolvePostId(client, params.url);
  const page = await readCommentPage(client, ctx, {
    postId: id,
    sort: params.sort,
    limit: params.limit,
    cursor: params.cursor,
  });
  const post = readPostDetails(page.post);
  if (!post) throw fail("post_not_found", `post ${id} does not exist`, {});
  const parts = [
    `${client.via}:comments`,
    page.stubRequests > 0 ? "morechildren" : "",
    viaShareLink ? "share-link" : "",
  ];
  return {
    data: {
      postId: id,
      sort: params.sort,
      post,
      totalComments: post.numComments,
      totalReturned: page.comments.length,
      nextCursor: page.nextCursor,
      hasMore: page.hasMore,
      comments: page.comments,
    },
    source: parts.filter(Boolean).join("+"),
    count: page.comments.length,
  };
}

/** The handler of `forumsite.post-comments` (its spec: `postCommentsSpec`). */
export const postCommentsHandler: HandlerFor<typeof postCommentsSpec, ForumsiteEnv> = (params, ctx) =>
  getPostComments(params, ctx);
