import { fillFromPages, type OperationContext } from "@sda/contract";
import { isServiceError } from "@sda/core";
import type { z } from "zod";
import { NewsClient } from "../client/client.ts";
import { fail } from "../errors.ts";
import { decodeCursor, encodeCursor, isIndex } from "../paging/cursor.ts";
import { isFrameList, type ThreadFrame, walkThread } from "../paging/firebase-thread.ts";
import { readItemTree, type ThreadComment } from "../readers/algolia.ts";
import { type NewsItem, readFirebaseItem } from "../readers/item.ts";
import type { itemCommentsParams } from "../spec/item-comments.ts";

/** The item comments result. */
export interface ItemCommentsResult {
  /** The item the comments belong to. */
  item: NewsItem;
  totalReturned: number;
  nextCursor: string | null;
  hasMore: boolean;
  /** Depth-first: each comment is followed by its replies; `depth` 0 is a direct reply to `item`. */
  comments: ThreadComment[];
}

/**
 * Cursor payload: the index reached in the Algolia tree (`a`, one `fillFromPages` page), or the Firebase walk's
 * frames (`f`, see `walkThread`).
 */
type CommentsCursor = { v: "a"; o: number } | { v: "f"; f: ThreadFrame[] };

const isCommentsCursor = (v: Record<string, unknown>): v is Record<string, unknown> & CommentsCursor =>
  (v.v === "a" && isIndex(v.o)) || (v.v === "f" && isFrameList(v.f));

type Outcome = { data: ItemCommentsResult; source: string; count: number };

/**
 * Comments below an item, flat and depth-first, with the item itself.
 *
 * Upstream: Algolia `GET /api/v1/items/<id>` (the whole tree in one answer, siblings by time). When Algolia does not
 * answer it (an error, or an item it has not indexed) the thread is walked through Firebase instead (`kids`, siblings
 * by rank; see `walkThread`), which also sees deleted and dead comments. A cursor continues with the source that issued
 * it. Algolia does not say which comments are dead: `isDead` is false there.
 * @returns `{ data, source: "algolia:item" | "firebase:items", count }`.
 * @throws ServiceError 404 `item_not_found`, 400 `invalid_cursor`, 502 `upstream_*`.
 */
export async function itemCommentsHandler(
  params: z.output<typeof itemCommentsParams>,
  ctx: OperationContext,
): Promise<Outcome> {
  const client = new NewsClient(ctx);
  const key = String(params.url);
  const cursor = decodeCursor(ctx, key, params.cursor, isCommentsCursor, "item");
  if (cursor?.v !== "f") {
    const tree = await readAlgoliaTree(client, ctx, params.url, cursor !== null);
    if (tree) {
      // The whole tree is one upstream page: the position is the index reached in it.
      const page = await fillFromPages(
        { token: null, index: cursor?.v === "a" ? cursor.o : 0 },
        params.limit,
        async () => ({ items: tree.comments, next: null }),
        1,
      );
      const next = page.next && encodeCursor(ctx, key, { v: "a", o: page.next.index });
      return outcome(tree.item, page.items, next, "algolia:item");
    }
  }
  const item = readFirebaseItem(await client.item(params.url));
  if (!item) throw fail("item_not_found", `item ${params.url} does not exist`);
  const start: ThreadFrame[] = cursor?.v === "f" ? cursor.f : [[item.id, 0, 0]];
  const page = await walkThread(client, item, start, params.limit);
  const next = page.frames.length > 0 ? encodeCursor(ctx, key, { v: "f", f: page.frames }) : null;
  return outcome(item, page.comments, next, "firebase:items");
}

function outcome(
  item: NewsItem,
  comments: ThreadComment[],
  nextCursor: string | null,
  source: string,
): Outcome {
  return {
    data: { item, totalReturned: comments.length, nextCursor, hasMore: nextCursor !== null, comments },
    source,
    count: comments.length,
  };
}

/**
 * The Algolia tree of an item, or null when Algolia does not answer it (then Firebase is used).
 * @param required a cursor of the Algolia source was given: its failures are the call's failures.
 */
async function readAlgoliaTree(client: NewsClient, ctx: OperationContext, id: number, required: boolean) {
  try {
    const response = await client.algolia(`/api/v1/items/${id}`, {}, { acceptStatus: required ? [] : [404] });
    if (response.status === 404) return null;
    return readItemTree(response.json());
  } catch (error) {
    if (required || !isServiceError(error) || ctx.signal.aborted) throw error;
    ctx.log.info(
      { err: error, id },
      "newssite: Algolia item tree unavailable, walking the thread through Firebase",
    );
    return null;
  }
}
