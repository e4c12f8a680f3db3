import type { JsonView } from "./json-view.ts";
import type { UserRef } from "./model.ts";
import { epochIso, readUser } from "./parts.ts";

/** A comment of a post (GraphQL `XDTCommentDict` or the v1 comment dict, which share their field names). */
export interface Comment {
  id: string;
  text: string;
  author: UserRef | null;
  likeCount: number | null;
  /** Replies under this comment (`child_comment_count`). */
  replyCount: number | null;
  /** ISO-8601 UTC time (`created_at`, epoch seconds). */
  createdAt: string | null;
  /** The id of the comment this one answers, or null for a top-level comment. */
  parentId: string | null;
  /** Pinned by the post's author (`is_pinned`). */
  isPinned: boolean;
  /** Liked by the post's author, the creator heart (`is_liked_by_media_owner`). */
  isLikedByCreator: boolean;
  /** Hidden behind the platform's "covered" filter (`is_covered`). */
  isCovered: boolean;
}

/**
 * Reads one comment: `pk`, `text`, `user`, `comment_like_count`, `child_comment_count`, `created_at`,
 * `parent_comment_id`, `is_pinned`, `is_liked_by_media_owner`, `is_covered`.
 * @returns null when the item has no id (an unknown item kind).
 */
export function readComment(node: JsonView): Comment | null {
  const id = node.id("pk") ?? node.id("id");
  if (!id) return null;
  return {
    id,
    text: node.string("text") ?? "",
    author: readUser(node.at("user"), node.at("owner")),
    likeCount: node.int("comment_like_count") ?? node.int("like_count"),
    replyCount: node.int("child_comment_count"),
    createdAt: epochIso(node.number("created_at") ?? node.number("created_at_utc")),
    parentId: node.id("parent_comment_id"),
    isPinned: node.bool("is_pinned") ?? false,
    isLikedByCreator: node.bool("is_liked_by_media_owner") ?? false,
    isCovered: node.bool("is_covered") ?? false,
  };
}
