import { continuationItems, continuationToken } from "../innertube/continuation.ts";
import { largestImage, readImages } from "../innertube/images.ts";
import {
  arrayAt,
  booleanAt,
  isObject,
  type JsonObject,
  objectAt,
  stringAt,
  textOf,
} from "../innertube/json.ts";

/**
 * Comments as the watch page's comments section loads them (`POST /youtubei/v1/next` with a comments or replies
 * continuation). The current format splits each comment in two:
 * - the list holds `commentThreadRenderer` (top level: `commentViewModel.commentViewModel` with `commentId`,
 *   `commentKey`, `toolbarStateKey`, `pinnedText`, and `replies.commentRepliesRenderer` with the replies
 *   continuation and `viewRepliesCreatorThumbnail` when the creator replied), or bare `commentViewModel` items
 *   (replies pages);
 * - the data lives in `frameworkUpdates.entityBatchUpdate.mutations[].payload`, keyed by `entityKey`:
 *   `commentEntityPayload` (`properties.content.content`, `properties.publishedTime`, `properties.replyLevel`,
 *   `author.{channelId, displayName, avatarThumbnailUrl, isVerified, isCreator, isArtist}`,
 *   `toolbar.{likeCountNotliked, likeCountA11y, replyCount}`) and `engagementToolbarStateEntityPayload`
 *   (`heartState`: `TOOLBAR_HEART_STATE_HEARTED` when the creator hearted it).
 */

/** One comment as read, labels kept as shown. */
export interface CommentParts {
  commentId: string;
  text: string;
  /** Relative label as shown, including a trailing edit marker ("4 years ago (edited)", "vor 4 Jahren (bearbeitet)"). */
  publishedTime: string | null;
  replyLevel: number;
  authorName: string | null;
  authorChannelId: string | null;
  authorAvatarUrl: string | null;
  authorIsVerified: boolean;
  authorIsArtist: boolean;
  authorIsChannelOwner: boolean;
  /** Like label as shown ("9.8k", "19.924"); blank when the comment has no likes. */
  likeLabel: string | null;
  /** Accessibility form of the likes ("9.8k likes", "0 likes"). */
  likeA11y: string | null;
  /** Reply count as shown ("327"); blank when none. */
  replyLabel: string | null;
  isHearted: boolean;
  isPinned: boolean;
}

/** A top-level comment with what its thread says about the replies. */
export interface CommentThread {
  comment: CommentParts;
  /** Continuation of the thread's first replies page, or null when it has no replies. */
  repliesToken: string | null;
  /** The channel owner replied in this thread. */
  hasCreatorReply: boolean;
}

/** One answer of the comments section. */
export interface CommentsAnswer {
  /** Header count as shown ("21,051 Comments", "19.783 Kommentare"); first page only. */
  totalText: string | null;
  /** Top-level threads (comments pages) or bare comments wrapped without thread data (replies pages). */
  threads: CommentThread[];
  next: string | null;
  /** Items that are neither comments nor continuations (filter chips, messages), for the debug log. */
  skipped: number;
}

function entityPayloads(answer: unknown): Map<string, JsonObject> {
  const payloads = new Map<string, JsonObject>();
  for (const mutation of arrayAt(answer, "frameworkUpdates", "entityBatchUpdate", "mutations")) {
    const key = stringAt(mutation, "entityKey");
    const payload = objectAt(mutation, "payload");
    if (key && payload) payloads.set(key, payload);
  }
  return payloads;
}

function readComment(model: JsonObject, payloads: Map<string, JsonObject>): CommentParts | null {
  const commentKey = stringAt(model, "commentKey");
  const entity = commentKey ? objectAt(payloads.get(commentKey), "commentEntityPayload") : undefined;
  const properties = objectAt(entity, "properties");
  const commentId = stringAt(model, "commentId") ?? stringAt(properties, "commentId");
  if (!entity || !commentId) return null;
  const author = objectAt(entity, "author");
  const toolbar = objectAt(entity, "toolbar");
  const stateKey = stringAt(model, "toolbarStateKey") ?? stringAt(properties, "toolbarStateKey");
  const state = stateKey
    ? objectAt(payloads.get(stateKey), "engagementToolbarStateEntityPayload")
    : undefined;
  const level = properties?.replyLevel;
  return {
    commentId,
    text: stringAt(properties, "content", "content") ?? "",
    publishedTime: stringAt(properties, "publishedTime")?.trim() || null,
    replyLevel: typeof level === "number" ? level : 0,
    authorName: stringAt(author, "displayName") ?? null,
    authorChannelId: stringAt(author, "channelId") ?? null,
    authorAvatarUrl:
      stringAt(author, "avatarThumbnailUrl") ?? largestImage(readImages(objectAt(entity, "avatar", "image"))),
    authorIsVerified: booleanAt(author, "isVerified") ?? false,
    authorIsArtist: booleanAt(author, "isArtist") ?? false,
    authorIsChannelOwner: booleanAt(author, "isCreator") ?? false,
    likeLabel: stringAt(toolbar, "likeCountNotliked") ?? null,
    likeA11y: stringAt(toolbar, "likeCountA11y") ?? null,
    replyLabel: stringAt(toolbar, "replyCount") ?? null,
    isHearted: stringAt(state, "heartState") === "TOOLBAR_HEART_STATE_HEARTED",
    isPinned: Boolean(stringAt(model, "pinnedText")),
  };
}

function readThread(renderer: JsonObject, payloads: Map<string, JsonObject>): CommentThread | null {
  const model = objectAt(renderer, "commentViewModel", "commentViewModel");
  const comment = model ? readComment(model, payloads) : null;
  if (!comment) return null;
  const replies = objectAt(renderer, "replies", "commentRepliesRenderer");
  const repliesToken =
    arrayAt(replies, "contents")
      .map(continuationToken)
      .find((token) => token !== null) ?? null;
  return { comment, repliesToken, hasCreatorReply: isObject(replies?.viewRepliesCreatorThumbnail) };
}

/**
 * Reads one comments or replies answer.
 * @returns threads in the platform's order (top comments first, pinned comment on top), the next continuation,
 *   and the header count when present. Comments whose entity is missing are skipped (counted).
 */
export function readCommentsAnswer(answer: unknown): CommentsAnswer {
  const payloads = entityPayloads(answer);
  const result: CommentsAnswer = { totalText: null, threads: [], next: null, skipped: 0 };
  for (const item of continuationItems(answer)) {
    const header = objectAt(item, "commentsHeaderRenderer");
    const thread = objectAt(item, "commentThreadRenderer");
    const bare = objectAt(item, "commentViewModel");
    const token = continuationToken(item);
    if (header) result.totalText = textOf(header.countText)?.trim() || null;
    else if (token !== null) result.next = token;
    else if (thread) {
      const read = readThread(thread, payloads);
      if (read) result.threads.push(read);
      else result.skipped += 1;
    } else if (bare) {
      const comment = readComment(bare, payloads);
      if (comment) result.threads.push({ comment, repliesToken: null, hasCreatorReply: false });
      else result.skipped += 1;
    } else result.skipped += 1;
  }
  return result;
}
