import {
  cacheParam,
  cursorParam,
  defineOperation,
  fixed,
  type OperationContext,
  ServiceError,
} from "@sda/core";
import { z } from "zod";
import { ForumClient } from "../api/client.ts";
import { type CommentSort, commentLimitParam, commentSortParam } from "../input/params.ts";
import { postRefParam } from "../input/post-url.ts";
import { resolvePostId } from "../input/resolve-post.ts";
import type { ForumComment } from "../things/comment.ts";
import { type PostDetails, readPostDetails } from "../things/post.ts";
import { readCommentPage } from "../thread/pager.ts";

const ID = "forumsite.post-comments";

/** Query parameters of `GET /v1/forumsite/post-comments`. */
export const postCommentsParams = z.object({
  url: postRefParam,
  sort: commentSortParam,
  limit: commentLimitParam,
  cursor: cursorParam,
  cache: cacheParam,
});

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
 * before the page is full (see `thread/pager.ts`).
 * @returns `{ data, source: "<oauth|public>:comments[+morechildren][+share-link]", count }`.
 * @throws ServiceError 404 `post_not_found`, 403 `subreddit_private` / `subreddit_quarantined`, 400
 *   `invalid_cursor`, 502 `upstream_*`.
 */
export async function getPostComments(
  params: z.output<typeof postCommentsParams>,
  ctx: OperationContext,
): Promise<{ data: PostCommentsResult; source: string; count: number }> {
  const client = new ForumClient(ctx);
  const { id, viaShareLink } = await resolvePostId(client, params.url);
  const page = await readCommentPage(client, ctx, {
    operationId: ID,
    postId: id,
    sort: params.sort,
    limit: params.limit,
    cursor: params.cursor,
  });
  const post = readPostDetails(page.post);
  if (!post)
    throw new ServiceError("post_not_found", `post ${id} does not exist`, {
      details: { platform: "forumsite" },
    });
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

/** `GET /v1/forumsite/post-comments` (SPEC §4.4): 2 credits per call, 0 for a page without comments. */
export const postCommentsOperation = defineOperation({
  id: ID,
  method: "GET",
  path: "/v1/forumsite/post-comments",
  tag: "forumsite",
  summary:
    "Comments of a post as a flat list in thread order with `depth` and `parentId`, the post included; `sort` (confidence/best, top, new, controversial, old, qa), `limit`, `cursor`.",
  params: postCommentsParams,
  price: fixed(2),
  queue: "forumsite",
  cache: { mode: "optIn" },
  handler: (params, ctx) => getPostComments(params, ctx),
});
