import { isServiceError, type OperationContext } from "@sda/core";
import type { AlgoliaQuery, NewsClient } from "../client/client.ts";
import { readSearchPage, type SearchItem } from "../readers/algolia.ts";
import { decodeCursor, encodeCursor, isIndex } from "./cursor.ts";

/**
 * Pages of an Algolia search (`/api/v1/search` or `/search_by_date`), followed until `limit` items are collected.
 *
 * Algolia pages by number (`page`, 0-based) with a fixed `hitsPerPage`. Our page can end inside an Algolia page, so the
 * cursor holds the Algolia page being read, the index reached in it and the `hitsPerPage` used (every page of one
 * query must use the same size, or the numbering shifts). The first page is requested without `page` (Algolia's
 * default 0). A query ends when a page past `nbPages` is reached or a page comes back empty. When a later page fails
 * with a retryable error after the page already has items, the page ends there and the cursor points at the failed
 * page, so the caller gets what was read and can retry the rest.
 */

interface SearchCursor {
  /** Algolia page being read. */
  p: number;
  /** Hits of that page already returned. */
  i: number;
  /** `hitsPerPage` of every request of this query. */
  n: number;
}

/** What to search. */
interface SearchRequest {
  operationId: string;
  /** `/api/v1/search` or `/api/v1/search_by_date`. */
  path: string;
  /** Identity parameters of every page (`query`, `tags`). */
  query: AlgoliaQuery;
  limit: number;
  cursor: string | undefined;
}

/** One page of search results. */
interface SearchResultPage {
  items: SearchItem[];
  nextCursor: string | null;
  hasMore: boolean;
  /** Algolia's estimate of all hits of the query (from the last page read); null when no page was read. */
  totalHits: number | null;
}

/** Algolia's default page size; larger limits ask for pages of `limit` items so one request usually suffices. */
const MIN_HITS_PER_PAGE = 20;

const isSearchCursor = (v: Record<string, unknown>): v is Record<string, unknown> & SearchCursor =>
  isIndex(v.p) && isIndex(v.i) && isIndex(v.n) && v.n > 0;

/**
 * Reads one page of results (see the module comment).
 * @throws ServiceError 400 `invalid_cursor`, 502 `upstream_*` (on the first Algolia page of the call).
 */
export async function readSearchResults(
  client: NewsClient,
  ctx: OperationContext,
  request: SearchRequest,
): Promise<SearchResultPage> {
  const key = JSON.stringify([
    request.path,
    Object.entries(request.query).filter(([, v]) => v !== undefined),
  ]);
  const cursor = decodeCursor(ctx, request.operationId, key, request.cursor, isSearchCursor);
  const hitsPerPage = cursor?.n ?? Math.max(request.limit, MIN_HITS_PER_PAGE);
  const maxRequests = Math.ceil(request.limit / hitsPerPage) + 2;
  let page = cursor?.p ?? 0;
  let index = cursor?.i ?? 0;
  let done = false;
  let totalHits: number | null = null;
  const items: SearchItem[] = [];
  for (let requests = 0; items.length < request.limit && requests < maxRequests; requests++) {
    let answer: ReturnType<typeof readSearchPage>;
    try {
      const response = await client.algolia(request.path, {
        ...request.query,
        page: page === 0 ? undefined : page,
        hitsPerPage,
      });
      answer = readSearchPage(response.json());
    } catch (error) {
      if (items.length > 0 && isServiceError(error) && error.retryable) break;
      throw error;
    }
    totalHits = answer.totalHits;
    const rest = answer.items.slice(index);
    const taken = rest.slice(0, request.limit - items.length);
    items.push(...taken);
    if (taken.length < rest.length) {
      index += taken.length;
      break;
    }
    page += 1;
    index = 0;
    if (page >= answer.pageCount || answer.items.length === 0) {
      done = true;
      break;
    }
  }
  return {
    items,
    nextCursor: done
      ? null
      : encodeCursor(ctx, request.operationId, key, { p: page, i: index, n: hitsPerPage }),
    hasMore: !done,
    totalHits,
  };
}
