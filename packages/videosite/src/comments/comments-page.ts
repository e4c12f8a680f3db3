import type { CursorCodec } from "@sda/core";
import type { UpstreamContext } from "../innertube/context.ts";
import { postWeb } from "../innertube/web-post.ts";
import { type CommentsAnswer, readCommentsAnswer } from "./comment-reader.ts";

/** Operation id of the replies operation: comments carry cursors of it (`repliesCursor`). */
export const COMMENT_REPLIES_OPERATION_ID = "videosite.comment-replies";

/** Our cursor of a replies list: the video, the thread, and the position in the replies pages. */
export interface RepliesCursor {
  v: string;
  /** Top-level comment id of the thread. */
  p: string;
  /** Replies continuation of the upstream page to (re)read. */
  c: string;
  i: number;
}

/**
 * One page of the comments section.
 * Source: `POST /youtubei/v1/next` with `{ continuation }` (WEB client): the first-page token built from the video id,
 * a continuation from the previous page, or a thread's replies continuation.
 * @returns the read answer and its `Date` (reference of the relative labels).
 * @throws ServiceError `upstream_*` when the request fails.
 */
export async function fetchCommentsPage(
  ctx: UpstreamContext,
  token: string,
): Promise<{ page: CommentsAnswer; date: Date | null }> {
  const response = await postWeb(ctx, "next", { continuation: token });
  return { page: readCommentsAnswer(response.json<unknown>()), date: response.date };
}

/** The `repliesCursor` of a thread: a replies-operation cursor at the start of its first replies page. */
export function repliesCursorOf(
  cursors: CursorCodec,
  videoId: string,
  commentId: string,
  token: string | null,
): string | null {
  if (token === null) return null;
  return cursors.encode(COMMENT_REPLIES_OPERATION_ID, {
    v: videoId,
    p: commentId,
    c: token,
    i: 0,
  } satisfies RepliesCursor);
}
