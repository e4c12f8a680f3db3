import type { HandlerFor } from "@sda/contract";
import type { z } from "zod";
import type { PhotositeListContext } from "../client/context.ts";
import { commentPages } from "../client/lists/comments.ts";
import { postNotFound } from "../client/post.ts";
import type { PhotositeEnv } from "../env.ts";
import { decodeListStart, listFields } from "../paging/cursor.ts";
import { fillTargetList } from "../paging/fill.ts";
import type { Comment } from "../readers/comment.ts";
import type { PhotositeServices } from "../services.ts";
import type { commentsParams, commentsSpec } from "../spec/comments.ts";

/** Comments per platform page (the pagination query asks for `first: 10`). */
const PAGE_SIZE = 10;

/** `data` of comments. */
export interface PostComments {
  url: string;
  shortcode: string;
  mediaId: string;
  totalReturned: number;
  nextCursor: string | null;
  hasMore: boolean;
  comments: Comment[];
}

/**
 * Top-level comments of a post or reel in the platform's order (GraphQL comments, see `commentPages`); the media id
 * comes from the shortcode, so no post lookup is needed.
 * @returns `count` = comments returned (billed per result).
 * @throws ServiceError 404 `post_not_found`, 400 `invalid_cursor`, 502 `upstream_*`.
 */
export async function getComments(ctx: PhotositeListContext, params: z.output<typeof commentsParams>) {
  const post = params.url;
  const start = decodeListStart(ctx, params.cursor, post.mediaId);
  const filled = await fillTargetList(ctx, () => postNotFound(post), {
    limit: params.limit,
    start: start.position,
    pageSize: PAGE_SIZE,
    fetchPage: commentPages(ctx, post.mediaId),
    keyOf: (comment: Comment) => comment.id,
  });
  const data: PostComments = {
    url: post.url,
    shortcode: post.shortcode,
    mediaId: post.mediaId,
    ...listFields(ctx, filled, post.mediaId),
    comments: filled.items,
  };
  return { data, source: "graphql", count: filled.items.length };
}

/** The handler of `photosite.comments` (its spec: `commentsSpec`). */
export const commentsHandler: HandlerFor<typeof commentsSpec, PhotositeEnv, PhotositeServices> = (
  params,
  ctx,
) => getComments(ctx, params);
