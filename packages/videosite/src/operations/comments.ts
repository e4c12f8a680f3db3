import type { HandlerFor, OperationContext } from "@sda/contract";
import { decodeListCursor, fillFromPages, pageBudget, type UpstreamPage } from "@sda/contract";
import { countField } from "@sda/text";
import { fetchCommentsPage } from "../client/innertube/comments-page.ts";
import { commentsFirstPageToken } from "../client/innertube/comments-token.ts";
import type { VideositeEnv } from "../env.ts";
import type { VideoUrl } from "../inputs/video-url.ts";
import { repliesCursorOf } from "../paging/replies-cursor.ts";
import { buildComment, type CommentResult } from "../readers/comments/build-comment.ts";
import type { commentsSpec } from "../spec/comments.ts";

/** Top-level comments per upstream page. */
const PAGE_SIZE = 20;

/** The comments result (SPEC §2.7). */
export interface CommentsResult {
  url: string;
  videoId: string;
  totalReturned: number;
  /** Comments of the video (replies included) as the comments header counts them; null when not shown. */
  totalComments: number | null;
  nextCursor: string | null;
  hasMore: boolean;
  comments: CommentResult[];
}

/** Our cursor: the video, its total, and the position in the comments pages (`c` null = the first page). */
interface CommentsCursor {
  v: string;
  t: number | null;
  c: string | null;
  i: number;
}

type CommentsContext = Pick<OperationContext, "http" | "signal" | "log" | "cursors" | "now">;

/**
 * Top-level comments of a video in the platform's "Top comments" order (pinned first), `limit` from `cursor` on,
 * following continuations until `limit` or the end.
 *
 * Upstream: `POST /youtubei/v1/next` with the client-built first-page comments token (no watch-page round trip),
 * then each page's continuation. 20 threads per page. An empty first page (comments turned off) gives an empty
 * list with `totalComments: null`.
 *
 * @returns `{ data, source: "innertube:next", count }`.
 * @throws ServiceError 400 `invalid_cursor` (tampered, or from another video); 502 `upstream_*`.
 */
export async function getComments(
  params: { url: VideoUrl; limit: number; cursor?: string | undefined },
  ctx: CommentsContext,
): Promise<{ data: CommentsResult; source: string; count: number }> {
  const { videoId, url } = params.url;
  const start = decodeListCursor<CommentsCursor>(ctx.cursors, params.cursor, (p) => p.v === videoId, "video");
  let total = start?.t ?? null;
  let skipped = 0;
  const fetchPage = async (token: string | null): Promise<UpstreamPage<CommentResult>> => {
    const { page, date } = await fetchCommentsPage(ctx, token ?? commentsFirstPageToken(videoId));
    if (page.totalText && total === null) total = countField(page.totalText).count;
    skipped += page.skipped;
    const reference = date ?? ctx.now();
    const items = page.threads.map((thread) =>
      buildComment(
        thread,
        reference,
        repliesCursorOf(ctx.cursors, videoId, thread.comment.commentId, thread.repliesToken),
      ),
    );
    return { items, next: page.next };
  };
  const collected = await fillFromPages(
    { token: start?.c ?? null, index: start?.i ?? 0 },
    params.limit,
    fetchPage,
    pageBudget(params.limit, PAGE_SIZE),
  );
  if (skipped > 0) ctx.log.debug({ skipped, videoId }, "videosite comments: skipped items");
  const nextCursor = collected.next
    ? ctx.cursors.encode({
        v: videoId,
        t: total,
        c: collected.next.token,
        i: collected.next.index,
      } satisfies CommentsCursor)
    : null;
  return {
    data: {
      url,
      videoId,
      totalReturned: collected.items.length,
      totalComments: total,
      nextCursor,
      hasMore: nextCursor !== null,
      comments: collected.items,
    },
    source: "innertube:next",
    count: collected.items.length,
  };
}

/** The handler of `videosite.comments` (its spec: `commentsSpec`). */
export const commentsHandler: HandlerFor<typeof commentsSpec, VideositeEnv> = (params, ctx) =>
  getComments(params, ctx);
