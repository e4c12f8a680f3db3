import { type OperationContext, ServiceError } from "@sda/core";
import type { PhotositeContext } from "./client/context.ts";

/**
 * Filling a caller's `limit` from the platform's fixed-size pages, with the service's opaque cursors.
 *
 * The position in a list is `{after, skip}`: the platform cursor of the page to fetch (null: the first page) and how
 * many rows of that page were already returned. A `nextCursor` therefore continues exactly where the last page
 * stopped, also in the middle of a platform page (no gap, no repeat).
 */
export interface ListPosition {
  /** The platform's cursor of the page to fetch (`end_cursor`, `max_id`), or null for the first page. */
  after: string | null;
  /** Rows of that page already returned. */
  skip: number;
}

/** One page of the platform. */
export interface PlatformPage<T> {
  rows: T[];
  /** The cursor of the next page (`page_info.end_cursor`, `paging_info.max_id`), or null. */
  nextAfter: string | null;
  /** `has_next_page` / `more_available`. */
  hasNext: boolean;
  /** The platform marked this page as served from a cached feed (e.g. a non-final GraphQL answer). */
  stale?: boolean;
}

/** What {@link fillLimit} collected. */
export interface FilledList<T> {
  rows: T[];
  /** Where the next call continues, or null at the end of the list. */
  next: ListPosition | null;
  /** True when the platform served a page that did not advance (its cursor did not move or it repeated rows). */
  stale: boolean;
}

/** Most platform pages one call reads (100 rows at 12 per page is 9 pages). */
const MAX_PAGES = 12;

/**
 * Reads pages from `start` until `limit` rows are collected or the list ends.
 *
 * - The platform's order is kept; a row whose key was already returned in this call is dropped (and marks the feed
 *   stale), as is a page whose cursor did not move (which would loop).
 * - The last platform cursor `"None"` or `""` with `has_next_page: false` ends the list (corpus README: stop on
 *   `has_next_page`).
 * - A failure on a later page, when rows were already collected, ends this call early: the rows are returned with a
 *   `next` position at the failed page so the caller can retry from there. A failure of the first page is thrown.
 *
 * @param fetchPage reads the page at a platform cursor (null: the first page).
 * @param keyOf the identity of a row (media id, comment id) for de-duplication.
 */
export async function fillLimit<T>(
  ctx: Pick<PhotositeContext, "log">,
  options: {
    limit: number;
    start: ListPosition;
    fetchPage: (after: string | null) => Promise<PlatformPage<T>>;
    keyOf: (row: T) => string | null;
  },
): Promise<FilledList<T>> {
  const rows: T[] = [];
  const seen = new Set<string>();
  let position = options.start;
  let stale = false;
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    let page: PlatformPage<T>;
    try {
      page = await options.fetchPage(position.after);
    } catch (error) {
      if (rows.length > 0 && error instanceof ServiceError && error.retryable) {
        ctx.log.info(
          { code: error.code, after: position.after },
          "photosite page failed; returning rows so far",
        );
        return { rows, next: position, stale };
      }
      throw error;
    }
    if (page.stale) stale = true;
    const fresh = page.rows.slice(position.skip).filter((row) => {
      const key = options.keyOf(row);
      if (key === null) return true;
      if (seen.has(key)) {
        stale = true;
        return false;
      }
      seen.add(key);
      return true;
    });
    const wanted = options.limit - rows.length;
    if (fresh.length > wanted) {
      rows.push(...fresh.slice(0, wanted));
      // Rows skipped as duplicates still count as consumed rows of this page.
      const consumed = page.rows.slice(position.skip).indexOf(fresh[wanted] as T);
      return { rows, next: { after: position.after, skip: position.skip + consumed }, stale };
    }
    rows.push(...fresh);
    const nextAfter = page.nextAfter && page.nextAfter !== "None" ? page.nextAfter : null;
    if (!page.hasNext || nextAfter === null) return { rows, next: null, stale };
    if (nextAfter === position.after) return { rows, next: null, stale: true };
    position = { after: nextAfter, skip: 0 };
    if (rows.length >= options.limit) return { rows, next: position, stale };
  }
  return { rows, next: position, stale };
}

/** A list cursor's payload: the position plus the target it belongs to. */
export interface CursorPayload extends ListPosition {
  /** The target (username, user id, media id, audio id) the cursor was issued for. */
  target: string;
  /** Which upstream path issued it, when an operation has several (e.g. `graphql` / `v1`). */
  via?: string;
}

/**
 * Decodes a `cursor` parameter for `target`.
 * @returns the first-page position when `cursor` is absent.
 * @throws ServiceError 400 `invalid_cursor` when the cursor is tampered, from another operation, or for another target.
 */
export function decodePosition(
  ctx: Pick<OperationContext, "cursors">,
  operationId: string,
  cursor: string | undefined,
  target: string,
): CursorPayload {
  if (!cursor) return { after: null, skip: 0, target };
  const payload = ctx.cursors.decode<Partial<CursorPayload>>(operationId, cursor);
  const valid =
    typeof payload === "object" &&
    payload !== null &&
    payload.target === target &&
    (payload.after === null || typeof payload.after === "string") &&
    Number.isInteger(payload.skip) &&
    (payload.skip ?? -1) >= 0;
  if (!valid)
    throw new ServiceError("invalid_cursor", "cursor belongs to another list; start without a cursor", {
      details: { param: "cursor" },
    });
  return payload as CursorPayload;
}

/** The SPEC §2.2 list fields of a filled list: `totalReturned`, `nextCursor` (our opaque cursor), `hasMore`. */
export function listFields(
  ctx: Pick<OperationContext, "cursors">,
  operationId: string,
  filled: FilledList<unknown>,
  target: string,
  via?: string,
): { totalReturned: number; nextCursor: string | null; hasMore: boolean } {
  const payload: CursorPayload | null = filled.next
    ? { ...filled.next, target, ...(via === undefined ? {} : { via }) }
    : null;
  return {
    totalReturned: filled.rows.length,
    nextCursor: payload ? ctx.cursors.encode(operationId, payload) : null,
    hasMore: payload !== null,
  };
}
