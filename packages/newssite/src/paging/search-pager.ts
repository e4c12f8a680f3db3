import { fillFromPages, type OperationContext, pageBudget, type UpstreamPage } from "@sda/contract";
import type { AlgoliaQuery, NewsClient } from "../client/client.ts";
import { readSearchPage, type SearchItem } from "../readers/algolia.ts";
import { decodeCursor, encodeCursor, isIndex, numberOf, tokenOf } from "./cursor.ts";

/**
 * Pages of an Algolia search (`/api/v1/search` or `/search_by_date`), followed by `@sda/core`'s `fillFromPages` until
 * `limit` items are collected.
 *
 * Algolia pages by number (`page`, 0-based) with a fixed `hitsPerPage`: the pager's token is the page number as a
 * string (`null` for page 0, which is requested without `page`, Algolia's default) and its index the hits of that page
 * already returned. The cursor holds both (`p`, `i`) and the `hitsPerPage` used (`n`: every page of one query must use
 * the same size, or the numbering shifts). A query ends when a page past `nbPages` is reached or a page comes back
 * empty. A hit repeated on a later page (a `search_by_date` list that moved while it was read) is dropped. When a later
 * page fails with a retryable error, the call returns what it read and the cursor points at the failed page.
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
  const cursor = decodeCursor(ctx, key, request.cursor, isSearchCursor, "query");
  const hitsPerPage = cursor?.n ?? Math.max(request.limit, MIN_HITS_PER_PAGE);
  let totalHits: number | null = null;
  const fetchPage = async (token: string | null): Promise<UpstreamPage<SearchItem>> => {
    const page = numberOf(token);
    const response = await client.algolia(request.path, {
      ...request.query,
      page: token === null ? undefined : page,
      hitsPerPage,
    });
    const answer = readSearchPage(response.json());
    totalHits = answer.totalHits;
    const last = page + 1 >= answer.pageCount || answer.items.length === 0;
    return { items: answer.items, next: last ? null : String(page + 1) };
  };
  const collected = await fillFromPages(
    { token: tokenOf(cursor?.p ?? 0), index: cursor?.i ?? 0 },
    request.limit,
    fetchPage,
    pageBudget(request.limit, hitsPerPage),
    { keyOf: (item) => String(item.id) },
  );
  if (collected.interruptedBy || collected.stale)
    ctx.log.info(
      { err: collected.interruptedBy, stale: collected.stale, path: request.path },
      "newssite: search page ended early or its list moved",
    );
  const { next, items } = collected;
  return {
    items,
    nextCursor: next
      ? encodeCursor(ctx, key, {
          p: numberOf(next.token),
          i: next.index,
          n: hitsPerPage,
        })
      : null,
    hasMore: next !== null,
    totalHits,
  };
}
