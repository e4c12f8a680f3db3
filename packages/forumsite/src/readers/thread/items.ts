import type { ForumComment } from "../comment.ts";

/**
 * A comment thread read in thread order (depth-first, the platform's order of siblings). Besides comments it holds
 * the stubs where the platform stopped sending comments:
 * - `more`: "load more comments" — the ids of further replies of `parentFullname`, resolved through
 *   `POST /api/morechildren`;
 * - `continue`: "continue this thread" — replies below the platform's depth limit, resolved by fetching the thread
 *   rooted at the parent comment.
 * Each item has a `key` that is stable across fetches of the same answer, used to resume a page after it.
 */
export type ThreadItem =
  | { type: "comment"; key: string; comment: ForumComment }
  | { type: "more"; key: string; parentFullname: string; depth: number; ids: string[] }
  | { type: "continue"; key: string; parentFullname: string; depth: number };

/** A stub item (anything that is not a comment). */
export type StubItem = Exclude<ThreadItem, { type: "comment" }>;

export const commentItem = (comment: ForumComment): ThreadItem => ({
  type: "comment",
  key: `c:${comment.id}`,
  comment,
});

export const moreItem = (parentFullname: string, depth: number, ids: string[]): ThreadItem => ({
  type: "more",
  key: `m:${parentFullname}:${ids[0]}:${ids.length}`,
  parentFullname,
  depth,
  ids,
});

export const continueItem = (parentFullname: string, depth: number): ThreadItem => ({
  type: "continue",
  key: `t:${parentFullname}`,
  parentFullname,
  depth,
});
