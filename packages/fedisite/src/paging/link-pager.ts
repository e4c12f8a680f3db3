import {
  fillFromPages,
  type OperationContext,
  pageBudget,
  tokenListCursor,
  tokenListStart,
  type UpstreamPage,
} from "@sda/contract";

/**
 * The lists of Mastodon (timelines, account statuses, followers, favourited_by, trends), followed through `@sda/core`'s
 * `fillFromPages` until `limit` items are collected. An instance pages by the `Link` header only: the token of a page
 * is the `max_id` (or trends' `offset`) of the previous page's `rel="next"` link, verbatim (`null` for the first
 * page). Every request of one list asks the same page size, so a page resumed by a later call is the same page.
 *
 * Our cursor is the core's signed `CursorCodec` payload: `k` the list's identity (instance, path, filters), `t` the
 * token of the upstream page being read, `i` its items already returned. A cursor of another operation or list, or a
 * tampered one, is refused with 400 `invalid_cursor`.
 */

/** What to list. */
export interface LinkListRequest<T> {
  /** The list's identity: the instance, the path and every filter (a cursor is only valid for the same). */
  key: string;
  limit: number;
  cursor: string | undefined;
  /** Items the instance serves per request (40 statuses, 80 accounts). */
  pageSize: number;
  /** Fetches one upstream page from its token (null: the first page); `next` is the next page's token or null. */
  fetchPage: (token: string | null) => Promise<UpstreamPage<T>>;
  /** The identity of an item (a list that moves between two pages repeats items; they are dropped). */
  keyOf: (item: T) => string;
}

/** One page of our list. */
export interface LinkListPage<T> {
  items: T[];
  nextCursor: string | null;
  hasMore: boolean;
  pagesFetched: number;
}

/**
 * Reads one page of a list (see the module comment).
 * @throws ServiceError 400 `invalid_cursor`; what `fetchPage` throws for the first page read (later retryable
 *   failures end the page early, the cursor pointing at the failed page).
 */
export async function readLinkList<T>(
  ctx: Pick<OperationContext, "cursors" | "log">,
  request: LinkListRequest<T>,
): Promise<LinkListPage<T>> {
  const start = tokenListStart(ctx.cursors, request.cursor, request.key);
  const collected = await fillFromPages(
    { token: start.t, index: start.i },
    request.limit,
    (token) => request.fetchPage(token),
    pageBudget(request.limit, request.pageSize),
    { keyOf: request.keyOf },
  );
  if (collected.interruptedBy || collected.stale)
    ctx.log.info(
      { err: collected.interruptedBy, stale: collected.stale, list: request.key },
      "fedisite: list page ended early or the list moved",
    );
  const { next, items, pagesFetched } = collected;
  return {
    items,
    nextCursor: tokenListCursor(ctx.cursors, request.key, next),
    hasMore: next !== null,
    pagesFetched,
  };
}
