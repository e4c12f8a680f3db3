import type { OperationContext } from "@sda/core";
import type { z } from "zod";
import { NewsClient } from "../client/client.ts";
import type { SearchSort, SearchType, searchParams } from "../inputs/params.ts";
import { readSearchResults } from "../paging/search-pager.ts";
import type { SearchItem } from "../readers/algolia.ts";

const ID = "newssite.search";

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
export const searchPath = (sort: SearchSort) =>
  sort === "date" ? "/api/v1/search_by_date" : "/api/v1/search";

/** Algolia `tags` of a search type: `(story)`, `(comment)`, …; none for `all`. */
const tagsOf = (type: SearchType) => (type === "all" ? undefined : `(${type})`);

/**
 * Full-text search of the site.
 *
 * Upstream: Algolia `GET /api/v1/search` (relevance) or `/api/v1/search_by_date` (newest first) with `query` and
 * `tags`, pages followed to fill `limit` (see `readSearchResults`).
 * @returns `{ data, source: "algolia:search" | "algolia:search_by_date", count }`.
 * @throws ServiceError 400 `invalid_cursor`, 502 `upstream_*`.
 */
export async function searchItems(
  params: z.output<typeof searchParams>,
  ctx: OperationContext,
): Promise<{ data: SearchResult; source: string; count: number }> {
  const path = searchPath(params.sort);
  const page = await readSearchResults(new NewsClient(ctx), ctx, {
    operationId: ID,
    path,
    query: { query: params.q, tags: tagsOf(params.type) },
    limit: params.limit,
    cursor: params.cursor,
  });
  return {
    data: {
      query: params.q,
      type: params.type,
      sort: params.sort,
      totalHits: page.totalHits,
      totalReturned: page.items.length,
      nextCursor: page.nextCursor,
      hasMore: page.hasMore,
      items: page.items,
    },
    source: `algolia:${path.slice("/api/v1/".length)}`,
    count: page.items.length,
  };
}
