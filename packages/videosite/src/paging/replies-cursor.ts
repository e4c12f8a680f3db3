import type { OperationCursors } from "@sda/contract";
import { commentRepliesSpec } from "../spec/comment-replies.ts";

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
 * The `repliesCursor` of a thread: a cursor of the replies operation (`comment-replies`, a sibling of the comments
 * operation whose `cursors` are given) at the start of its first replies page.
 */
export function repliesCursorOf(
  cursors: OperationCursors,
  videoId: string,
  commentId: string,
  token: string | null,
): string | null {
  if (token === null) return null;
  return cursors.of(commentRepliesSpec.name).encode({
    v: videoId,
    p: commentId,
    c: token,
    i: 0,
  } satisfies RepliesCursor);
}
