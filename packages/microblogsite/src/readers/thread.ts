import type { z } from "zod";
import type { threadComment } from "../spec/shapes.ts";
import { rawPostView } from "./lexicon.ts";
import { type PostCore, readPostCore } from "./post.ts";
import { recordUrl } from "./urls.ts";

/**
 * Threads of `app.bsky.feed.getPostThread`. Each node is a union by `$type`: `app.bsky.feed.defs#threadViewPost`
 * (`post`, optional `parent` and `replies`), `#notFoundPost` (`uri`, `notFound: true`) or `#blockedPost` (`uri`,
 * `blocked: true`, `blockedAuthor`).
 */

/** A reply of a thread, flat, with its depth and parent. */
export type ThreadComment = z.output<typeof threadComment>;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null;

/** The node a thread answer starts at: the post, or why it is not shown. */
export type ThreadRoot =
  | { kind: "post"; post: PostCore; node: Json }
  | { kind: "notFound" | "blocked"; uri: string | null };

/** The kind of a thread node from its `$type` (or its `notFound`/`blocked` flags). */
function kindOf(node: Json): "post" | "notFound" | "blocked" | null {
  const type = typeof node.$type === "string" ? node.$type : "";
  if (type.endsWith("#notFoundPost") || node.notFound === true) return "notFound";
  if (type.endsWith("#blockedPost") || node.blocked === true) return "blocked";
  if (type.endsWith("#threadViewPost") || isObject(node.post)) return "post";
  return null;
}

/** Reads the `thread` of a `getPostThread` answer; a node of an unknown kind counts as not found. */
export function readThreadRoot(body: unknown): ThreadRoot {
  const node = isObject(body) && isObject(body.thread) ? body.thread : {};
  const kind = kindOf(node);
  const post = kind === "post" ? rawPostView.safeParse(node.post) : null;
  if (post?.success) return { kind: "post", post: readPostCore(post.data), node };
  return {
    kind: kind === "blocked" ? "blocked" : "notFound",
    uri: typeof node.uri === "string" ? node.uri : null,
  };
}

/** A reply the platform does not show: only its URI (and, blocked, its author's DID) is known. */
function hiddenReply(
  node: Json,
  kind: "notFound" | "blocked",
  depth: number,
  parentId: string,
): ThreadComment | null {
  const uri = typeof node.uri === "string" ? node.uri : null;
  if (!uri) return null;
  const blockedAuthor = isObject(node.blockedAuthor) ? node.blockedAuthor : {};
  const did = typeof blockedAuthor.did === "string" ? blockedAuthor.did : null;
  return {
    id: uri,
    cid: null,
    url: recordUrl(uri, null),
    text: null,
    createdAt: null,
    indexedAt: null,
    langs: [],
    author: did ? { id: did, username: null, displayName: null, avatar: null } : null,
    likeCount: null,
    repostCount: null,
    replyCount: null,
    quoteCount: null,
    replyTo: null,
    embed: null,
    links: [],
    mentions: [],
    tags: [],
    labels: [],
    depth,
    parentId,
    isNotFound: kind === "notFound",
    isBlocked: kind === "blocked",
  };
}

/**
 * The replies below a thread node, depth-first in the AppView's order, each with its depth (0 for a direct reply) and
 * its parent's URI; not-found and blocked replies are kept as such (without text). A node of an unknown kind or an
 * unreadable post is skipped with its subtree.
 */
export function flattenReplies(
  node: Json,
  parentId: string,
  depth = 0,
  into: ThreadComment[] = [],
): ThreadComment[] {
  const replies = Array.isArray(node.replies) ? node.replies.filter(isObject) : [];
  for (const reply of replies) {
    const kind = kindOf(reply);
    if (kind === "notFound" || kind === "blocked") {
      const hidden = hiddenReply(reply, kind, depth, parentId);
      if (hidden) into.push(hidden);
      continue;
    }
    const post = kind === "post" ? rawPostView.safeParse(reply.post) : null;
    if (!post?.success) continue;
    into.push({ ...readPostCore(post.data), depth, parentId, isNotFound: false, isBlocked: false });
    flattenReplies(reply, post.data.uri, depth + 1, into);
  }
  return into;
}
