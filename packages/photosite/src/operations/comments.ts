import type { HandlerFor } from "@sda/core";
import type { z } from "zod";
import type { PhotositeListContext } from "../client/context.ts";
import { PlatformNotFound } from "../client/failures.ts";
import type { PhotositeEnv } from "../env.ts";
import { commentPages } from "../client/lists/comments.ts";
import { postNotFound } from "../client/post.ts";
import { decodePosition, fillLimit, listFields } from "../paging.ts";
import type { Comment } from "../readers/comment.ts";
import type { commentsParams, commentsSpec } from "../spec/comments.ts";

const ID = "photosite.comments";

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
  const start = decodePosition(ctx, ID, params.cursor, post.mediaId);
  let filled: Awaited<ReturnType<typeof fillLimit<Comment>>>;
  try {
    filled = await fillLimit(ctx, {
      limit: params.limit,
      start,
      fetchPage: commentPages(ctx, post.mediaId),
      keyOf: (comment) => comment.id,
    });
  } catch (error) {
    if (error instanceof PlatformNotFound) throw postNotFound(post);
    throw error;
  }
  const data: PostComments = {
    url: post.url,
    shortcode: post.shortcode,
    mediaId: post.mediaId,
    ...listFields(ctx, ID, filled, post.mediaId),
    comments: filled.rows,
  };
  return { data, source: "graphql", count: filled.rows.length };
}

/** The handler of `photosite.comments` (its spec: `commentsSpec`). */
export const commentsHandler: HandlerFor<typeof commentsSpec, PhotositeEnv> = (params, ctx) =>
  getComments(ctx, params);
