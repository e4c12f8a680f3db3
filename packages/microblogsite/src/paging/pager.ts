import {
  fillFromPages,
  type OperationContext,
  pageBudget,
  tokenListCursor,
  tokenListStart,
  type UpstreamPage,
} from "@sda/contract";

/**
 * Pages of an AppView list (`cursor`-paged queries: feeds, search, followers, likes…), followed by `@sda/core`'s
 * `fillFromPages` until `limit` items are collected, behind our signed cursor.
 *
 * The AppView's `cursor` is opaque and names the position after its page, whatever the page size; so a page that was
 * only partly returned is re-read from the same AppView cursor with a size covering the items already returned plus
 * those still wanted. Our cursor holds the AppView cursor of the page being read (`t`, null for the first page) and the
 * items of it already returned (`i`), bound to the operation (by the codec) and to the list (`k`, the identity of
 * the query): another list's cursor is 400 `invalid_cursor`.
 */

/** The AppView's largest page (`limit` 1–100 on every list query). */
export const MAX_PAGE = 100;

/** What to read. */
export interface ListRequest {
  /** Identity of the list (its query parameters): a cursor is refused for any other. */
  key: string;
  limit: number;
  cursor: string | undefined;
}

/** One page of our list. */
export interface ListPage<T> {
  items: T[];
  nextCursor: string | null;
  hasMore: boolean;
}

/**
 * Reads one page of a list (see the module comment).
 * @param fetchPage one AppView page from `cursor` (null: the first) of `size` items, normalised.
 * @param keyOf the identity of an item: a repeat across AppView pages (a list that moved) is dropped.
 * @throws ServiceError 400 `invalid_cursor`; what `fetchPage` throws on the call's first page.
 */
export async function readList<T>(
  ctx: OperationContext,
  request: ListRequest,
  fetchPage: (cursor: string | null, size: number) => Promise<UpstreamPage<T>>,
  keyOf: (item: T) => string,
): Promise<ListPage<T>> {
  const start = tokenListStart(ctx.cursors, request.cursor, request.key);
  const collected = await fillFromPages(
    { token: start.t, index: start.i },
    request.limit,
    (token, wanted) => fetchPage(token, Math.min(MAX_PAGE, wanted + (token === start.t ? start.i : 0))),
    pageBudget(request.limit, MAX_PAGE),
    { keyOf },
  );
  if (collected.interruptedBy || collected.stale)
    ctx.log.info(
      { err: collected.interruptedBy, stale: collected.stale, operation: ctx.operation },
      "microblogsite: a list page ended early or its list moved",
    );
  const { next, items } = collected;
  return {
    items,
    nextCursor: tokenListCursor(ctx.cursors, request.key, next),
    hasMore: next !== null,
  };
}
