import type { OperationContext } from "@sda/contract";
import type { z } from "zod";
import { type AlgoliaQuery, NewsClient } from "../client/client.ts";
import type { SearchSort, SearchType } from "../inputs/params.ts";
import { readSearchResults } from "../paging/search-pager.ts";
import type { SearchItem } from "../readers/algolia.ts";
import type { searchParams } from "../spec/search.ts";

/** A list of search results (search and user items). */
export interface SearchResult {
  query: string | null;
  type: string;
  sort: SearchSort;
  /** Algolia's estimate of all matching items; null when it was not read. */
  totalHits: number | null;
  totalReturned: number;
  nextCursor: string | null;
  hasMore: boolean;
  items: SearchItem[];
}

/** Algolia path of a sort. */
const searchPath = (sort: SearchSort) => (sort === "date" ? "/api/v1/search_by_date" : "/api/v1/search");

/** Algolia `tags` of a search type: `(story)`, `(comment)`, …; none for `all`. */
const tagsOf = (type: SearchType) => (type === "all" ? undefined : `(${type})`);

/** The list fields of a search result, the `X-Service-Source` and the count, for search and user items. */
interface SearchList {
  list: Pick<SearchResult, "totalHits" | "totalReturned" | "nextCursor" | "hasMore" | "items">;
  source: string;
  count: number;
}

/**
 * Reads one page of an Algolia search for an operation (see `readSearchResults`).
 * @throws ServiceError 400 `invalid_cursor`, 502 `upstream_*`.
 */
export async function searchList(
  ctx: OperationContext,
  params: { sort: SearchSort; limit: number; cursor?: string | undefined },
  query: AlgoliaQuery,
): Promise<SearchList> {
  const path = searchPath(params.sort);
  const page = await readSearchResults(new NewsClient(ctx), ctx, {
    path,
    query,
    limit: params.limit,
    cursor: params.cursor,
  });
  const { items, totalHits, nextCursor, hasMore } = page;
  return {
    list: { totalHits, totalReturned: items.length, nextCursor, hasMore, items },
    source: `algolia:${path.slice("/api/v1/".length)}`,
    count: items.length,
  };
}

/**
 * Full-text search of the site.
 *
 * Upstream: Algolia `GET /api/v1/search` (relevance) or `/api/v1/search_by_date` (newest first) with `query` and
 * `tags`, pages followed to fill `limit` (see `readSearchResults`).
 * @returns `{ data, source: "algolia:search" | "algolia:search_by_date", count }`.
 * @throws ServiceError 400 `invalid_cursor`, 502 `upstream_*`.
 */
export async function searchHandler(
  params: z.output<typeof searchParams>,
  ctx: OperationContext,
): Promise<{ data: SearchResult; source: string; count: number }> {
  const { list, source, count } = await searchList(ctx, params, {
    query: params.q,
    tags: tagsOf(params.type),
  });
  return { data: { query: params.q, type: params.type, sort: params.sort, ...list }, source, count };
}
