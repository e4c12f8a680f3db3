import { countField, parseCount, relativeTimeField } from "@sda/text";
import type { CommentParts, CommentThread } from "./comment-reader.ts";

/** One comment (SPEC §2.7), top-level or reply. */
export interface CommentResult {
  id: string;
  /** The top-level comment a reply answers; null on top-level comments. */
  parentId: string | null;
  author: string | null;
  authorChannelId: string | null;
  authorAvatarUrl: string | null;
  authorIsVerified: boolean;
  authorIsChannelOwner: boolean;
  /** Official artist channel (music note badge); counted as verified too. */
  authorIsArtist: boolean;
  text: string;
  likeCount: number;
  /** The like label as shown ("9.8k", "19.924"); "0" when the platform shows none. */
  likeCountText: string;
  likeCountIsApproximate: boolean;
  replyCount: number;
  hasCreatorHeart: boolean;
  /** The channel owner replied in this thread (top-level comments only). */
  hasCreatorReply: boolean;
  isPinned: boolean;
  isEdited: boolean;
  /** Relative label without the edit marker ("4 years ago", "vor 4 Jahren"). */
  publishedTimeText: string | null;
  /** ISO time derived from the label, truncated to its precision (day for days…years, hour, minute). */
  publishedTimeApprox: string | null;
  publishedTimeIsApproximate: boolean;
  /** `cursor` for `GET /v1/videosite/comment-replies` that starts this thread's replies; null without replies. */
  repliesCursor: string | null;
}

// The platform appends the edit marker in parentheses in the display language: "(edited)", "(bearbeitet)",
// "(modifié)", "(editado)", "(modificato)", "(bewerkt)", "(изменено)", "(編集済み)".
const EDIT_MARKER = /\s*\(([^()]+)\)\s*$/;

/** The parent id of a reply id (`<parent>.<reply>`), or null for a top-level id. */
export function parentIdOf(commentId: string): string | null {
  const dot = commentId.indexOf(".");
  return dot > 0 ? commentId.slice(0, dot) : null;
}

function likes(parts: CommentParts) {
  const shown = parts.likeLabel?.trim();
  if (shown) {
    const field = countField(shown);
    return { count: field.count ?? 0, text: shown, isApproximate: field.isApproximate };
  }
  // No label: no likes, or a label only in the accessibility text ("0 likes").
  const a11y = parseCount(parts.likeA11y);
  return {
    count: a11y?.value ?? 0,
    text: String(a11y?.value ?? 0),
    isApproximate: a11y?.approximate ?? false,
  };
}

/**
 * Builds the SPEC §2.7 comment.
 * @param reference the answer's `Date` (the relative label resolves against it).
 * @param repliesCursor our cursor for the replies operation (null when the thread has no replies).
 */
export function buildComment(
  thread: CommentThread,
  reference: Date,
  repliesCursor: string | null,
): CommentResult {
  const parts = thread.comment;
  const label = parts.publishedTime ?? "";
  const marker = EDIT_MARKER.exec(label);
  const time = relativeTimeField(marker ? label.slice(0, marker.index) : label, reference);
  const like = likes(parts);
  return {
    id: parts.commentId,
    parentId: parentIdOf(parts.commentId),
    author: parts.authorName,
    authorChannelId: parts.authorChannelId,
    authorAvatarUrl: parts.authorAvatarUrl,
    authorIsVerified: parts.authorIsVerified || parts.authorIsArtist,
    authorIsChannelOwner: parts.authorIsChannelOwner,
    authorIsArtist: parts.authorIsArtist,
    text: parts.text,
    likeCount: like.count,
    likeCountText: like.text,
    likeCountIsApproximate: like.isApproximate,
    replyCount: parseCount(parts.replyLabel)?.value ?? 0,
    hasCreatorHeart: parts.isHearted,
    hasCreatorReply: thread.hasCreatorReply,
    isPinned: parts.isPinned,
    isEdited: marker !== null,
    publishedTimeText: time.text,
    publishedTimeApprox: time.iso,
    publishedTimeIsApproximate: time.isApproximate,
    repliesCursor,
  };
}
