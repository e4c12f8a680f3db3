/**
 * The shared list pager of every platform. Fills one page of our API from as many upstream pages as it takes, and says exactly where it stopped, so the next
 * call continues without a gap or a repeat (SPEC §2.2 pagination; issue rule "cursor encodes the upstream
 * continuation plus the position inside the upstream page").
 */

import { ServiceError } from "@sda/core";
import type { OperationCursors } from "./cursor.ts";

/** A position in an upstream list: the token of an upstream page (null = the list's first request) and an index. */
export interface ListPosition {
  /** Continuation token of the upstream page to (re)read; null for the first page, which has no token. */
  token: string | null;
  /** Items of that page already returned to the caller. */
  index: number;
}

/** One upstream page, its items already normalised. */
export interface UpstreamPage<T> {
  items: T[];
  /** Continuation of the next upstream page, null at the end. */
  next: string | null;
  /** The platform marked this page as served from a cached or non-final feed (photosite's non-final GraphQL answer). */
  stale?: boolean;
}

/** Optional rules of {@link fillFromPages}. */
export interface FillOptions<T> {
  /**
   * The identity of an item (media id, comment id), or null when it has none. An item whose key was already returned
   * in this call is dropped and marks the result `stale` (a feed that shifted between two upstream pages).
   */
  keyOf?: (item: T) => string | null;
}

/** What {@link fillFromPages} read. */
export interface Collected<T> {
  items: T[];
  /** Where the next call starts, or null when the upstream list is exhausted. */
  next: ListPosition | null;
  /** Upstream pages fetched (for the source header and logs). */
  pagesFetched: number;
  /** The retryable upstream failure that ended this page early, if one did (the cursor retries that page). */
  interruptedBy?: ServiceError;
  /**
   * Present (true) when the upstream list was not consistent during this call: a page was marked stale, an item
   * repeated (see {@link FillOptions.keyOf}), or a page's continuation did not move (the list then ends here rather
   * than loop).
   */
  stale?: true;
}

/**
 * Reads upstream pages from `start` until `limit` items are collected or the list ends.
 *
 * A page that is only partly returned is re-read by the next call (its token is kept with the index reached), so
 * every item is returned exactly once as long as the platform serves the same page for the same token. A page
 * without items but with a continuation is skipped over. At most `maxPages` pages are fetched per call; when that
 * budget runs out the result is shorter than `limit` and `next` points at the first unread page.
 *
 * When a later upstream page fails with a retryable error (the platform throttling or timing out mid-list), the
 * items already read are returned with `next` pointing at the failed page and `interruptedBy` set, rather than
 * discarding them: the caller's next call retries exactly that page.
 *
 * @param fetchPage fetches and normalises one upstream page (`null` = the first page); `wanted` is how many items
 *   the call still needs, for platforms whose requests take a page size (items of the page already returned by an
 *   earlier call are not counted: a resumed page should be asked for the same size as before).
 * @throws whatever `fetchPage` throws for the first page read, or any non-retryable error (nothing is charged).
 */
export async function fillFromPages<T>(
  start: ListPosition,
  limit: number,
  fetchPage: (token: string | null, wanted: number) => Promise<UpstreamPage<T>>,
  maxPages: number,
  options: FillOptions<T> = {},
): Promise<Collected<T>> {
  const items: T[] = [];
  const seen = new Set<string>();
  let stale = false;
  let token = start.token;
  let skip = start.index;
  let pagesFetched = 0;
  const result = (next: ListPosition | null, interruptedBy?: ServiceError): Collected<T> => ({
    items,
    next,
    pagesFetched,
    ...(interruptedBy ? { interruptedBy } : {}),
    ...(stale ? { stale: true as const } : {}),
  });
  while (pagesFetched < maxPages) {
    let page: UpstreamPage<T>;
    try {
      page = await fetchPage(token, limit - items.length);
    } catch (error) {
      if (pagesFetched === 0 || !(error instanceof ServiceError) || !error.retryable) throw error;
      return result({ token, index: skip }, error);
    }
    pagesFetched += 1;
    if (page.stale) stale = true;
    const consumed = takeItems(page.items, skip, limit - items.length, items, seen, options.keyOf);
    if (consumed.staleItem) stale = true;
    if (skip + consumed.count < page.items.length) return result({ token, index: skip + consumed.count });
    if (page.next === null) return result(null);
    if (page.next === token) {
      // The continuation did not move: reading it again would loop over the same page.
      stale = true;
      return result(null);
    }
    token = page.next;
    skip = 0;
    if (items.length === limit) break;
  }
  return result({ token, index: 0 });
}

/**
 * Moves up to `wanted` items of `pageItems` (from index `skip`) into `into`, dropping items whose key was seen
 * (also those that directly follow the last item taken).
 * @returns how many page items were consumed (taken or dropped) and whether one was dropped as a repeat.
 */
function takeItems<T>(
  pageItems: readonly T[],
  skip: number,
  wanted: number,
  into: T[],
  seen: Set<string>,
  keyOf: ((item: T) => string | null) | undefined,
): { count: number; staleItem: boolean } {
  let count = 0;
  let taken = 0;
  let staleItem = false;
  for (let i = skip; i < pageItems.length && taken < wanted; i++) {
    const item = pageItems[i] as T;
    count += 1;
    const key = keyOf ? keyOf(item) : null;
    if (key !== null) {
      if (seen.has(key)) {
        staleItem = true;
        continue;
      }
      seen.add(key);
    }
    into.push(item);
    taken += 1;
  }
  // Repeats right after the last item taken are consumed too, so the next call does not return them.
  for (let i = skip + count; keyOf && taken === wanted && i < pageItems.length; i++) {
    const key = keyOf(pageItems[i] as T);
    if (key === null || !seen.has(key)) break;
    count += 1;
    staleItem = true;
  }
  return { count, staleItem };
}

/** Upstream pages one call may read: enough for `limit` at `pageSize` items per page, plus slack for short pages. */
export function pageBudget(limit: number, pageSize: number): number {
  return Math.ceil(limit / pageSize) + 3;
}

/**
 * Decodes our cursor of a list (see {@link fillFromPages}) and checks that it belongs to the list this call asks for, so a
 * cursor of another video, channel, playlist, query or thread is refused instead of silently listing something else.
 * @param belongs true when the decoded payload is for this call's list (its video id, channel, filter…).
 * @param what names the list in the error message ("video", "channel or tab", …).
 * @returns the payload, or null when no cursor was given (the first page).
 * @throws ServiceError 400 `invalid_cursor` when the cursor is tampered, from another operation, or for another list.
 */
export function decodeListCursor<T>(
  cursors: OperationCursors,
  cursor: string | undefined,
  belongs: (payload: Partial<T>) => boolean,
  what: string,
): T | null {
  if (!cursor) return null;
  const payload = cursors.decode<Partial<T> | null>(cursor);
  if (!payload || typeof payload !== "object" || !belongs(payload))
    throw new ServiceError("invalid_cursor", `cursor belongs to another ${what}; start without a cursor`, {
      details: { param: "cursor" },
    });
  return payload as T;
}

/**
 * Our cursor of a list an upstream pages by opaque tokens (Bluesky's `cursor`, Mastodon's `Link` `max_id`): `k` the
 * list's identity (its query: a cursor is valid for the same list only), `t` the token of the upstream page being read
 * (null for the first page), `i` the items of that page already returned.
 */
export interface TokenListPosition {
  k: string;
  t: string | null;
  i: number;
}

/**
 * Where a call of a token-paged list starts: the position its cursor holds, or the first page of the list `key`.
 * @throws ServiceError 400 `invalid_cursor` for a tampered cursor, one of another operation or of another list.
 */
export function tokenListStart(
  cursors: OperationCursors,
  cursor: string | undefined,
  key: string,
): TokenListPosition {
  const belongs = (p: Partial<TokenListPosition>) =>
    p.k === key &&
    (p.t === null || typeof p.t === "string") &&
    typeof p.i === "number" &&
    Number.isSafeInteger(p.i) &&
    p.i >= 0;
  return (
    decodeListCursor<TokenListPosition>(cursors, cursor, belongs, "list") ?? {
      k: key,
      t: null,
      i: 0,
    }
  );
}

/** The signed cursor of the page after this one (`next` from {@link fillFromPages}), or null at the end of the list. */
export function tokenListCursor(
  cursors: OperationCursors,
  key: string,
  next: ListPosition | null,
): string | null {
  if (!next) return null;
  const position: TokenListPosition = { k: key, t: next.token, i: next.index };
  return cursors.encode(position);
}
