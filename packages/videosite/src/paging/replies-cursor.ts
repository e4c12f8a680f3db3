import type { CursorCodec } from "@sda/core";

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
