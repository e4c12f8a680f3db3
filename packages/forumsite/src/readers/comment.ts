import { htmlToText } from "./html-text.ts";
import { bool, int, type JsonRecord, str, text } from "./json.ts";
import { absoluteUrl, editedAt, epochField, idOfFullname } from "./listing.ts";

/**
 * Reader of comments (`t1` things) from a comment tree (`/comments/<id>`) or a `morechildren` answer. Deleted and
 * removed comments are kept in place (their replies still hang below them) with null author/body and a flag.
 */

const DELETED = "[deleted]";
const REMOVED = /^\[\s*removed(?: by reddit[^\]]*)?\s*\]$/i;

/** One comment of a thread, flattened: its place in the tree is `depth` and `parentId`. */
export interface ForumComment {
  id: string;
  /** `t1_<id>`. */
  fullname: string;
  /** Id of the parent comment; null for a top-level comment (whose parent is the post). */
  parentId: string | null;
  /** The platform's `parent_id`: `t1_…` for a reply, `t3_…` (the post) for a top-level comment. */
  parentFullname: string;
  /** 0 for top-level comments, parent's depth + 1 for replies. */
  depth: number;
  /** Account name; null when the account or the comment was deleted. */
  author: string | null;
  authorFullname: string | null;
  /** The text as written (markdown); null when deleted or removed. */
  body: string | null;
  /** The text as plain text (from the platform's rendering); null when deleted or removed. */
  bodyText: string | null;
  /** Null when the subreddit hides scores of recent comments (`score_hidden`). */
  score: number | null;
  createdAt: string | null;
  editedAt: string | null;
  permalink: string | null;
  /** Written by the post's author. */
  isSubmitter: boolean;
  stickied: boolean;
  /** `moderator` or `admin` when distinguished. */
  distinguished: string | null;
  /** The author deleted the comment. */
  isDeleted: boolean;
  /** Moderators or the platform removed the comment. */
  isRemoved: boolean;
}

/**
 * Reads a comment.
 * @param data the `data` of a `t1` thing.
 * @param place the parent fullname and depth computed from the tree (the `depth` field is relative to the page that
 *   was asked for, so the tree position is authoritative; the fields are used when no place is given).
 * @returns the comment, or null when the object has no id.
 */
export function readComment(
  data: JsonRecord,
  place?: { parentFullname: string; depth: number },
): ForumComment | null {
  const id = text(data, "id");
  const parentFullname = place?.parentFullname ?? text(data, "parent_id");
  if (!id || !parentFullname) return null;
  const rawBody = str(data, "body")?.trim() ?? "";
  const isDeleted = rawBody === DELETED;
  const isRemoved = !isDeleted && REMOVED.test(rawBody);
  const hidden = isDeleted || isRemoved;
  const author = text(data, "author");
  const html = hidden ? null : text(data, "body_html");
  const body = hidden ? null : str(data, "body");
  return {
    id,
    fullname: text(data, "name") ?? `t1_${id}`,
    parentId: parentFullname.startsWith("t1_") ? idOfFullname(parentFullname) : null,
    parentFullname,
    depth: place?.depth ?? int(data, "depth") ?? 0,
    author: author === DELETED ? null : author,
    authorFullname: author === DELETED ? null : text(data, "author_fullname"),
    body,
    bodyText: html ? htmlToText(html) : body,
    score: bool(data, "score_hidden") === true ? null : int(data, "score"),
    createdAt: epochField(data, "created_utc"),
    editedAt: editedAt(data),
    permalink: absoluteUrl(str(data, "permalink")),
    isSubmitter: bool(data, "is_submitter") === true,
    stickied: bool(data, "stickied") === true,
    distinguished: text(data, "distinguished"),
    isDeleted,
    isRemoved,
  };
}
