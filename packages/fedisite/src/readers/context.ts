import { z } from "zod";
import { type FediPost, readStatus } from "./status.ts";
import { parseAnswer } from "./values.ts";

/**
 * Reader of `/api/v1/statuses/:id/context`: the post's ancestors (root first) and descendants (depth-first, as the
 * instance orders them; only what the instance knows: replies from other servers it never received are missing).
 */

/** A post of a thread with its place: `parentId` (`in_reply_to_id`) and `depth` relative to the post asked. */
export interface ThreadPost extends FediPost {
  /**
   * Descendants: 0 for a direct reply to the post, 1 for a reply to such a reply, …; ancestors: -1 for the post's
   * parent, -2 for its parent, … (the root has the lowest).
   */
  depth: number;
  parentId: string | null;
  /** True for the posts the post asked replies to (listed first, root first). */
  isAncestor: boolean;
}

const rawContext = z.object({ ancestors: z.array(z.unknown()), descendants: z.array(z.unknown()) });

/**
 * Reads a context as one flat list: the ancestors (root first, negative depths), then the descendants in the
 * instance's depth-first order. A descendant whose parent is not in the list (a reply the instance did not receive)
 * counts as a direct reply (depth 0) and keeps its `parentId`.
 * @param postId the id of the post asked (its direct replies have depth 0).
 * @throws ServiceError 502 `upstream_error` when the answer is not a context.
 */
export function readContext(raw: unknown, postId: string, instanceHost: string): ThreadPost[] {
  const context = parseAnswer(rawContext, raw, "a status context");
  const ancestors = context.ancestors.map((s) => readStatus(s, instanceHost));
  const thread: ThreadPost[] = ancestors.map((post, i) => ({
    ...post,
    depth: i - ancestors.length,
    parentId: post.inReplyToId,
    isAncestor: true,
  }));
  const depths = new Map<string, number>([[postId, -1]]);
  for (const raw of context.descendants) {
    const post = readStatus(raw, instanceHost);
    const parentDepth = post.inReplyToId === null ? undefined : depths.get(post.inReplyToId);
    const depth = parentDepth === undefined ? 0 : parentDepth + 1;
    depths.set(post.id, depth);
    thread.push({ ...post, depth, parentId: post.inReplyToId, isAncestor: false });
  }
  return thread;
}
