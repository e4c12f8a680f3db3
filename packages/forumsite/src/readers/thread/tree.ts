import { fail } from "../../errors.ts";
import { readComment } from "../comment.ts";
import { type JsonRecord, list, str } from "../json.ts";
import { readListing, readThing } from "../listing.ts";
import { commentItem, continueItem, moreItem, type ThreadItem } from "./items.ts";

/**
 * Reader of the thread answer `GET /comments/<id>`: a JSON array of two listings, `[post listing (one t3),
 * comment listing (t1 tree with nested `replies` listings and `more` stubs)]`.
 */

/** Counts of things the readers skipped (unknown kinds, unreadable objects), for a debug log. */
export interface SkipCounter {
  skipped: number;
}

/**
 * Flattens a comment tree depth-first into thread items.
 * @param children the `children` of a comment listing (or of a comment's `replies` listing).
 * @param parentFullname fullname of the thing they answer (`t3_…` at the top).
 * @param depth depth of these children (0 at the top).
 */
export function flattenComments(
  children: readonly unknown[],
  parentFullname: string,
  depth: number,
  counter: SkipCounter,
  out: ThreadItem[] = [],
): ThreadItem[] {
  for (const child of children) {
    const thing = readThing(child);
    if (thing?.kind === "t1") {
      const comment = readComment(thing.data, { parentFullname, depth });
      if (!comment) {
        counter.skipped++;
        continue;
      }
      out.push(commentItem(comment));
      // `replies` is "" when there are none, else a listing.
      const replies = readListing(thing.data.replies);
      if (replies) flattenComments(replies.things, comment.fullname, depth + 1, counter, out);
    } else if (thing?.kind === "more") {
      const ids = list(thing.data, "children").filter(
        (id): id is string => typeof id === "string" && id !== "",
      );
      if (ids.length > 0) out.push(moreItem(parentFullname, depth, ids));
      else if (str(thing.data, "id") === "_" || parentFullname.startsWith("t1_"))
        out.push(continueItem(parentFullname, depth));
    } else counter.skipped++;
  }
  return out;
}

/** The parsed thread answer: the post's `data` and the flattened comments. */
export interface ThreadAnswer {
  post: JsonRecord;
  /** Comment listing children, unflattened (for finding a focal comment). */
  commentChildren: unknown[];
}

/**
 * Splits the thread answer into the post and the comment listing.
 * @throws ServiceError 502 `upstream_error` when the answer is not `[post listing, comment listing]` with one post.
 */
export function readThreadAnswer(json: unknown): ThreadAnswer {
  const parts = Array.isArray(json) ? json : [];
  const postListing = readListing(parts[0]);
  const post = postListing?.things.find((t) => t.kind === "t3")?.data;
  const comments = readListing(parts[1]);
  if (!post || !comments)
    throw fail("upstream_error", "forumsite answered a thread in an unknown form", {
      retryAfterSeconds: 5,
    });
  return { post, commentChildren: comments.things };
}

/**
 * Finds a comment by fullname in a comment tree (the focal comment of a "continue this thread" answer).
 * @returns its `data`, or null when it is not in the tree.
 */
export function findComment(children: readonly unknown[], fullname: string): JsonRecord | null {
  for (const child of children) {
    const thing = readThing(child);
    if (thing?.kind !== "t1") continue;
    if (str(thing.data, "name") === fullname || `t1_${str(thing.data, "id")}` === fullname) return thing.data;
    const replies = readListing(thing.data.replies);
    const found = replies ? findComment(replies.things, fullname) : null;
    if (found) return found;
  }
  return null;
}
