/**
 * The shared list pager of every platform. Fills one page of our API from as many upstream pages as it takes, and says exactly where it stopped, so the next
 * call continues without a gap or a repeat (SPEC §2.2 pagination; issue rule "cursor encodes the upstream
 * continuation plus the position inside the upstream page").
 */

import type { CursorCodec } from "./cursor.ts";
import { ServiceError } from "./errors.ts";

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
 * @param fetchPage fetches and normalises one upstream page (`null` = the first page).
 * @throws whatever `fetchPage` throws for the first page read, or any non-retryable error (nothing is charged).
 */
export async function fillFromPages<T>(
  start: ListPosition,
  limit: number,
  fetchPage: (token: string | null) => Promise<UpstreamPage<T>>,
  maxPages: number,
): Promise<Collected<T>> {
  const items: T[] = [];
  let token = start.token;
  let skip = start.index;
  let pagesFetched = 0;
  while (pagesFetched < maxPages) {
    let page: UpstreamPage<T>;
    try {
      page = await fetchPage(token);
    } catch (error) {
      if (pagesFetched === 0 || !(error instanceof ServiceError) || !error.retryable) throw error;
      return { items, next: { token, index: skip }, pagesFetched, interruptedBy: error };
    }
    pagesFetched += 1;
    const available = page.items.slice(skip);
    const wanted = limit - items.length;
    if (available.length > wanted) {
      items.push(...available.slice(0, wanted));
      return { items, next: { token, index: skip + wanted }, pagesFetched };
    }
    items.push(...available);
    if (page.next === null) return { items, next: null, pagesFetched };
    token = page.next;
    skip = 0;
    if (items.length === limit) break;
  }
  return { items, next: { token, index: 0 }, pagesFetched };
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
  cursors: CursorCodec,
  operationId: string,
  cursor: string | undefined,
  belongs: (payload: Partial<T>) => boolean,
  what: string,
): T | null {
  if (!cursor) return null;
  const payload = cursors.decode<Partial<T> | null>(operationId, cursor);
  if (!payload || typeof payload !== "object" || !belongs(payload))
    throw new ServiceError("invalid_cursor", `cursor belongs to another ${what}; start without a cursor`, {
      details: { param: "cursor" },
    });
  return payload as T;
}
