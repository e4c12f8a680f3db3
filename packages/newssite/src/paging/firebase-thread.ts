import { isServiceError } from "@sda/core";
import { mapBounded } from "../client/bounded.ts";
import { ITEM_CONCURRENCY, type NewsClient } from "../client/client.ts";
import type { ThreadComment } from "../readers/algolia.ts";
import { type NewsItem, readFirebaseItem } from "../readers/item.ts";

/**
 * Walks a comment thread through the Firebase API (`kids` of each item), depth-first: every comment is followed by its
 * replies, siblings in the platform's `kids` order (by rank).
 *
 * The position is a stack of frames, one per open level: the item whose `kids` are being read, the index reached in
 * them and the depth of those kids. A frame is a few numbers, so the cursor stays small for any thread size; resuming
 * reads each frame's item again for its `kids`. Siblings are fetched ahead in windows of {@link ITEM_CONCURRENCY}
 * requests at once. An item Firebase answers with `null` is skipped; deleted and dead
 * comments are kept with their flags, so the thread's shape stays visible. When an item request fails with a
 * retryable error after the page has comments, the page ends there and its cursor starts at that item.
 *
 * This walk does not use `@sda/core`'s `fillFromPages` (which the other newssite lists use): a tree has no flat
 * sequence of upstream pages with a token and an index in them. Its position is the stack of open levels, and each
 * step may open or close a level. Forcing it into pages would make every comment its own one-item page whose token is
 * the serialised stack, and the page budget would then count skipped ids (`null` items, many in a large thread) as
 * pages, ending a page early where this walk reads on. The cursor is still decoded by `decodeListCursor` (the
 * operation's `decodeCursor`).
 */

/** One open level: `[parent item id, next kid index, depth of the kids]`. */
export type ThreadFrame = [number, number, number];

/** A page of the walk. */
interface ThreadWalkPage {
  comments: ThreadComment[];
  /** Where to continue; empty when the thread is read to its end. */
  frames: ThreadFrame[];
}

/** True for a list of frames as {@link walkThread} writes them. */
export function isFrameList(value: unknown): value is ThreadFrame[] {
  return (
    Array.isArray(value) &&
    value.length <= 1000 &&
    value.every(
      (f) => Array.isArray(f) && f.length === 3 && f.every((n) => Number.isSafeInteger(n) && n >= 0),
    )
  );
}

/**
 * Reads up to `limit` comments from the position `frames` (start: `[[root.id, 0, 0]]`).
 * @param root the item the thread belongs to (its `kidIds` are the first level).
 * @throws ServiceError 502 `upstream_*` when an item request fails.
 */
export async function walkThread(
  client: NewsClient,
  root: NewsItem,
  start: readonly ThreadFrame[],
  limit: number,
): Promise<ThreadWalkPage> {
  const frames = start.map((f): ThreadFrame => [...f]);
  const items = new Map<number, NewsItem | null>([[root.id, root]]);
  const fetchItems = async (ids: readonly number[]) => {
    const missing = ids.filter((id) => !items.has(id));
    const read = await mapBounded(missing, ITEM_CONCURRENCY, async (id) =>
      readFirebaseItem(await client.item(id)),
    );
    missing.forEach((id, i) => {
      items.set(id, read[i] ?? null);
    });
  };
  // Resuming: the frames' items give the kids lists (an item gone since keeps no kids).
  await fetchItems(frames.map(([parent]) => parent));
  const kidsOf = (id: number) => items.get(id)?.kidIds ?? [];
  const comments: ThreadComment[] = [];
  while (comments.length < limit) {
    const top = frames.at(-1);
    if (!top) break;
    const [parent, index, depth] = top;
    const kids = kidsOf(parent);
    if (index >= kids.length) {
      frames.pop();
      continue;
    }
    try {
      await fetchItems(kids.slice(index, index + ITEM_CONCURRENCY));
    } catch (error) {
      // A page that already has comments ends before the failed item, and the cursor retries it.
      if (comments.length > 0 && isServiceError(error) && error.retryable) break;
      throw error;
    }
    top[1] = index + 1;
    const item = items.get(kids[index] as number);
    if (!item) continue;
    comments.push({ ...item, depth });
    if (item.kidIds.length > 0) frames.push([item.id, 0, depth + 1]);
  }
  // Levels already read to their end are closed, so a finished thread has no cursor.
  while (frames.length > 0) {
    const top = frames.at(-1) as ThreadFrame;
    if (top[1] < kidsOf(top[0]).length) break;
    frames.pop();
  }
  return { comments, frames };
}
