import { htmlToText } from "./html-text.ts";
import { asRecord, bool, int, type JsonRecord, list, num, str, text } from "./json.ts";
import { absoluteUrl, editedAt, epochField } from "./listing.ts";
import { type MediaKind, mediaKind, type PostMedia, readMedia, thumbnailOf } from "./media.ts";

/**
 * Readers of posts (`t3` things): the row every post list returns, and the full details of one post. Source fields
 * are the platform's link object (`/r/<sub>/<sort>`, `/search`, `/comments/<id>`, `/duplicates/<id>` all carry it).
 */

/** The marker the platform puts in place of a deleted account name. */
const DELETED_AUTHOR = "[deleted]";
/** Bodies the platform substitutes for deleted or removed text. */
const DELETED_BODY = "[deleted]";
const REMOVED_BODY = /^\[\s*removed(?: by reddit[^\]]*)?\s*\]$/i;
/** `removed_by_category` values that mean the author deleted the post (others are removals by moderators or admins). */
const AUTHOR_DELETIONS = new Set(["deleted", "author"]);

/** One post in a list (subreddit posts, search results). */
export interface PostRow {
  id: string;
  /** `t3_<id>`: the form the platform's `after` cursors and `parent_id` fields use. */
  fullname: string;
  title: string;
  /** Account name; null when the account was deleted. */
  author: string | null;
  /** `t2_…` fullname of the author's account; null when deleted. */
  authorFullname: string | null;
  subreddit: string | null;
  /** `t5_…` fullname of the subreddit. */
  subredditId: string | null;
  score: number | null;
  /** Share of up-votes among all votes, 0..1. */
  upvoteRatio: number | null;
  numComments: number | null;
  /** Link flair text (emoji codes dropped when the flair also has text). */
  flair: string | null;
  createdAt: string | null;
  /** Time of the last edit, null when never edited. */
  editedAt: string | null;
  /** Where the post points: the linked page, image or video, or the post's own permalink for text posts. */
  url: string | null;
  /** Absolute URL of the post's comments page. */
  permalink: string | null;
  /** Domain of `url` (`self.<subreddit>` for text posts). */
  domain: string | null;
  mediaKind: MediaKind;
  thumbnail: string | null;
  nsfw: boolean;
  spoiler: boolean;
  stickied: boolean;
  locked: boolean;
  /** The author deleted the post (text and author no longer shown). */
  isDeleted: boolean;
  /** Moderators or the platform removed the post. */
  isRemoved: boolean;
  /** Id of the original post when this post is a crosspost. */
  crosspostParentId: string | null;
}

/** One post with its body, media and crosspost origin (`GET /v1/forumsite/post-details`, `data.post` of comments). */
export interface PostDetails extends PostRow {
  /** The body as written (markdown); null for posts without text and for deleted/removed bodies. */
  bodyMarkdown: string | null;
  /** The body as plain text (from the platform's rendering); null like `bodyMarkdown`. */
  bodyText: string | null;
  media: PostMedia;
  /** The original post when this is a crosspost (as the platform embeds it). */
  crosspostParent: PostRow | null;
  /** Who removed the post (`removed_by_category`: `moderator`, `reddit`, `deleted`, …), null when not removed. */
  removedBy: string | null;
  archived: boolean;
  /** `moderator` or `admin` when the post is distinguished. */
  distinguished: string | null;
  isOriginalContent: boolean;
  numCrossposts: number | null;
  subredditSubscribers: number | null;
  /** The comment sort the subreddit's moderators set for this post, if any. */
  suggestedSort: string | null;
}

/** Flair text: the text runs of `link_flair_richtext` (emoji runs dropped), else `link_flair_text`. */
function flairOf(data: JsonRecord): string | null {
  const runs = list(data, "link_flair_richtext")
    .map((run) => asRecord(run))
    .filter((run) => run !== null && str(run, "e") === "text")
    .map((run) => str(run, "t") ?? "")
    .join("")
    .trim();
  return runs || text(data, "link_flair_text")?.trim() || null;
}

function authorOf(data: JsonRecord): string | null {
  const author = text(data, "author");
  return author === DELETED_AUTHOR ? null : author;
}

/** Deleted / removed state of a post from `removed_by_category` and the substituted body. */
function removalOf(data: JsonRecord): { isDeleted: boolean; isRemoved: boolean; removedBy: string | null } {
  const removedBy = text(data, "removed_by_category");
  const body = str(data, "selftext")?.trim() ?? "";
  const isDeleted = (removedBy !== null && AUTHOR_DELETIONS.has(removedBy)) || body === DELETED_BODY;
  const isRemoved =
    !isDeleted && ((removedBy !== null && !AUTHOR_DELETIONS.has(removedBy)) || REMOVED_BODY.test(body));
  return { isDeleted, isRemoved, removedBy };
}

function crosspostParentOf(data: JsonRecord): JsonRecord | null {
  return asRecord(list(data, "crosspost_parent_list")[0]);
}

/**
 * Reads the row fields of a post.
 * @param data the `data` of a `t3` thing.
 * @returns the row, or null when the object has no id (not a post).
 */
export function readPostRow(data: JsonRecord): PostRow | null {
  const id = text(data, "id");
  if (!id) return null;
  const parent = crosspostParentOf(data);
  const { isDeleted, isRemoved } = removalOf(data);
  // A crosspost shows its original's content, so its kind is the original's (its own `url` is the original's path).
  const kindSource = parent ?? data;
  return {
    id,
    fullname: text(data, "name") ?? `t3_${id}`,
    title: str(data, "title") ?? "",
    author: authorOf(data),
    authorFullname: text(data, "author_fullname"),
    subreddit: text(data, "subreddit"),
    subredditId: text(data, "subreddit_id"),
    score: int(data, "score"),
    upvoteRatio: num(data, "upvote_ratio"),
    numComments: int(data, "num_comments"),
    flair: flairOf(data),
    createdAt: epochField(data, "created_utc"),
    editedAt: editedAt(data),
    url: absoluteUrl(str(data, "url_overridden_by_dest") ?? str(data, "url")),
    permalink: absoluteUrl(str(data, "permalink")),
    domain: text(data, "domain"),
    mediaKind: mediaKind(kindSource),
    thumbnail: thumbnailOf(data) ?? (parent ? thumbnailOf(parent) : null),
    nsfw: bool(data, "over_18") === true,
    spoiler: bool(data, "spoiler") === true,
    stickied: bool(data, "stickied") === true,
    locked: bool(data, "locked") === true,
    isDeleted,
    isRemoved,
    crosspostParentId:
      text(data, "crosspost_parent")?.replace(/^t3_/, "") ?? (parent ? text(parent, "id") : null),
  };
}

/**
 * Reads the full details of a post (row fields plus body, media, crosspost origin).
 * @param data the `data` of a `t3` thing (from `/comments/<id>`, whose post carries every field).
 * @returns the details, or null when the object has no id.
 */
export function readPostDetails(data: JsonRecord): PostDetails | null {
  const row = readPostRow(data);
  if (!row) return null;
  const parent = crosspostParentOf(data);
  const { removedBy } = removalOf(data);
  const hidden = row.isDeleted || row.isRemoved;
  const markdown = hidden ? null : text(data, "selftext");
  const html = hidden ? null : text(data, "selftext_html");
  return {
    ...row,
    bodyMarkdown: markdown,
    bodyText: html ? htmlToText(html) || null : markdown,
    media: readMedia(parent ?? data),
    crosspostParent: parent ? readPostRow(parent) : null,
    removedBy,
    archived: bool(data, "archived") === true,
    distinguished: text(data, "distinguished"),
    isOriginalContent: bool(data, "is_original_content") === true,
    numCrossposts: int(data, "num_crossposts"),
    subredditSubscribers: int(data, "subreddit_subscribers"),
    suggestedSort: text(data, "suggested_sort"),
  };
}
