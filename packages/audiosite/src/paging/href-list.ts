import { decodeListCursor, type OperationContext } from "@sda/contract";
import type { ServiceError } from "@sda/core";
import { type ApiQuery, type AudiositeApi, unexpected404 } from "../client/api.ts";
import { readListAnswer } from "../readers/lists.ts";

/**
 * One page of an api-v2 list (`{collection, next_href}`) per call, behind our signed cursor. api-v2 pages by
 * `next_href` (a keyset `offset` for user tracks and likes, a number elsewhere), and only `next_href: null` ends a
 * list; empty pages with a `next_href` occur (corpus case `user-tracks-hurtbox-empty-pages`). So a call reads one
 * page: the rows of the first non-empty one, cut to `limit` (never chained with the next page to fill it); up to
 * {@link MAX_EMPTY_PAGES} empty pages in a row are followed first. Our cursor holds the list's identity (`k`: a
 * cursor of another list is 400 `invalid_cursor`), the page's `next_href` (`h`, null: the first page) and the rows
 * of it already returned (`s`).
 */

/** Empty pages followed in a row before a call answers an empty page that still has more. */
export const MAX_EMPTY_PAGES = 5;

/** Our position in a list. */
interface HrefPosition {
  k: string;
  h: string | null;
  s: number;
}

/** What to read. */
export interface HrefListRequest {
  /** Identity of the list (resource and query). */
  key: string;
  limit: number;
  cursor: string | undefined;
  /** The list's first page: an api-v2 path and its query. */
  first: { path: string; query: ApiQuery };
  /** The error of a first page answering 404 (the user, track or chart does not exist). */
  missing: () => ServiceError;
}

/** A row read from a page, with its index in that page. */
export interface PageRow<T> {
  item: T;
  index: number;
}

/** One page of our list. */
export interface HrefListPage<T> {
  rows: PageRow<T>[];
  /** The `offset` of the page read (its `next_href`'s number; 0 for the first page, null for a keyset). */
  pageOffset: number | null;
  nextCursor: string | null;
  hasMore: boolean;
}

const belongsTo = (key: string) => (p: Partial<HrefPosition>) =>
  p.k === key &&
  (p.h === null || (typeof p.h === "string" && p.h.length < 4096)) &&
  typeof p.s === "number" &&
  Number.isSafeInteger(p.s) &&
  p.s >= 0;

/** The numeric `offset` of a page URL; 0 for the first page; null for a keyset offset. */
function offsetOf(href: string | null): number | null {
  if (href === null) return 0;
  let offset: string | null;
  try {
    offset = new URL(href).searchParams.get("offset");
  } catch {
    return null;
  }
  return offset !== null && /^\d{1,9}$/.test(offset) ? Number(offset) : null;
}

/**
 * Reads one page of a list (see the module comment).
 * @param read a row of `collection` normalised; null drops it (it still counts as a row of the page).
 * @param onPage told the body of the page answered (its own fields: `total_results`, `last_updated`).
 * @throws ServiceError 400 `invalid_cursor`; `request.missing()` when the first page answers 404; 502
 *   `upstream_error` when a later page does; what {@link AudiositeApi.get} throws.
 */
export async function readHrefList<T>(
  ctx: OperationContext,
  api: AudiositeApi,
  request: HrefListRequest,
  read: (row: unknown) => T | null,
  onPage?: (body: unknown) => void,
): Promise<HrefListPage<T>> {
  const start = decodeListCursor<HrefPosition>(ctx.cursors, request.cursor, belongsTo(request.key), "list");
  let href = start?.h ?? null;
  let skip = start?.s ?? 0;
  for (let empties = 0; ; empties += 1) {
    const result = await api.get(href ?? request.first.path, href ? {} : request.first.query);
    if (!result.ok) {
      if (href === null) throw request.missing();
      throw unexpected404("a list page");
    }
    const page = readListAnswer(result.body);
    const remaining = page.collection.length - skip;
    if (remaining <= 0 && page.nextHref && empties < MAX_EMPTY_PAGES) {
      href = page.nextHref;
      skip = 0;
      continue;
    }
    onPage?.(result.body);
    const rows: PageRow<T>[] = [];
    const end = Math.min(page.collection.length, skip + request.limit);
    for (let index = skip; index < end; index += 1) {
      const item = read(page.collection[index]);
      if (item !== null) rows.push({ item, index });
    }
    const next: HrefPosition | null =
      end < page.collection.length
        ? { k: request.key, h: href, s: end }
        : page.nextHref
          ? { k: request.key, h: page.nextHref, s: 0 }
          : null;
    return {
      rows,
      pageOffset: offsetOf(href),
      nextCursor: next ? ctx.cursors.encode(next) : null,
      hasMore: next !== null,
    };
  }
}
