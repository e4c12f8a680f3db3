import type { HandlerFor } from "@sda/contract";
import {
  decodeListCursor,
  fillFromPages,
  type OperationContext,
  pageBudget,
  type UpstreamPage,
} from "@sda/contract";
import { fetchCommentsPage } from "../client/innertube/comments-page.ts";
import { commentsFirstPageToken } from "../client/innertube/comments-token.ts";
import type { VideositeEnv } from "../env.ts";
import { fail } from "../errors.ts";
import type { VideoUrl } from "../inputs/video-url.ts";
import type { RepliesCursor } from "../paging/replies-cursor.ts";
import { buildComment, type CommentResult, parentIdOf } from "../readers/comments/build-comment.ts";
import type { commentRepliesSpec } from "../spec/comment-replies.ts";

/** Replies per upstream page. */
const PAGE_SIZE = 10;
/** Comments pages read to find a thread named by `commentId` alone (about 100 top-level comments). */
const LOOKUP_PAGES = 5;

/** The replies result: the SPEC §2.7 comment shape with `parentId`. */
export interface CommentRepliesResult {
  url: string;
  videoId: string;
  /** The top-level comment whose replies these are. */
  commentId: string;
  totalReturned: number;
  nextCursor: string | null;
  hasMore: boolean;
  comments: CommentResult[];
}

type RepliesContext = Pick<OperationContext, "http" | "signal" | "log" | "cursors" | "now">;

/**
 * Finds a thread's replies continuation by re-reading the comments section from its first page.
 * @returns the token, or null when the thread has no replies.
 * @throws ServiceError 404 `comment_not_found` when the comment is not among the first {@link LOOKUP_PAGES} pages.
 */
async function findRepliesToken(
  ctx: RepliesContext,
  videoId: string,
  threadId: string,
): Promise<string | null> {
  let token: string | null = commentsFirstPageToken(videoId);
  for (let page = 0; page < LOOKUP_PAGES && token; page++) {
    const { page: answer } = await fetchCommentsPage(ctx, token);
    const thread = answer.threads.find((entry) => entry.comment.commentId === threadId);
    if (thread) return thread.repliesToken;
    token = answer.next;
  }
  throw fail(
    "comment_not_found",
    `comment ${threadId} is not among the video's first top-level comments; pass the comment's repliesCursor from /v1/videosite/comments as cursor`,
    { details: { videoId, commentId: threadId } },
  );
}

/**
 * Replies of one comment thread, oldest first as the platform lists them, `limit` from `cursor` on.
 *
 * How `commentId` finds its replies: the replies continuation lives only in the thread as the comments section
 * shows it. With `cursor` (the comment's `repliesCursor` from `/v1/videosite/comments`, or a previous
 * `nextCursor`) the replies are read directly; with `commentId` alone the thread is looked up in the first pages of
 * the comments section (top comments), which finds pinned and popular comments but not every comment of a long
 * section (404 `comment_not_found` then).
 *
 * Upstream: `POST /youtubei/v1/next` with the replies continuation, then each page's "Show more replies"
 * continuation (10 replies per page).
 *
 * @throws ServiceError 400 `invalid_cursor` (tampered, or for another video or thread); 404 `comment_not_found`;
 *   502 `upstream_*`.
 */
export async function getCommentReplies(
  params: { url: VideoUrl; commentId: string; limit: number; cursor?: string | undefined },
  ctx: RepliesContext,
): Promise<{ data: CommentRepliesResult; source: string; count: number }> {
  const { videoId, url } = params.url;
  const threadId = parentIdOf(params.commentId) ?? params.commentId;
  let token: string | null;
  let index = 0;
  const sources = ["innertube:next"];
  if (params.cursor) {
    const start = decodeListCursor<RepliesCursor>(
      ctx.cursors,
      params.cursor,
      (p) => p.v === videoId && p.p === threadId && typeof p.c === "string",
      "video or comment",
    ) as RepliesCursor;
    token = start.c;
    index = start.i;
  } else {
    token = await findRepliesToken(ctx, videoId, threadId);
    sources.push("lookup");
  }

  let skipped = 0;
  const fetchPage = async (next: string | null): Promise<UpstreamPage<CommentResult>> => {
    if (next === null) return { items: [], next: null };
    const { page, date } = await fetchCommentsPage(ctx, next);
    skipped += page.skipped;
    const reference = date ?? ctx.now();
    return { items: page.threads.map((thread) => buildComment(thread, reference, null)), next: page.next };
  };
  const collected = await fillFromPages(
    { token, index },
    params.limit,
    fetchPage,
    pageBudget(params.limit, PAGE_SIZE),
  );
  if (skipped > 0) ctx.log.debug({ skipped, videoId, threadId }, "videosite replies: skipped items");
  const next = collected.next;
  const nextCursor =
    next && next.token !== null
      ? ctx.cursors.encode({
          v: videoId,
          p: threadId,
          c: next.token,
          i: next.index,
        } satisfies RepliesCursor)
      : null;
  return {
    data: {
      url,
      videoId,
      commentId: threadId,
      totalReturned: collected.items.length,
      nextCursor,
      hasMore: nextCursor !== null,
      comments: collected.items,
    },
    source: sources.join("+"),
    count: collected.items.length,
  };
}

/** The handler of `videosite.comment-replies` (its spec: `commentRepliesSpec`). */
export const commentRepliesHandler: HandlerFor<typeof commentRepliesSpec, VideositeEnv> = (params, ctx) =>
  getCommentReplies(params, ctx);
