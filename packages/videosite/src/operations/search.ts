import type { HandlerFor, OperationContext } from "@sda/contract";
import { decodeListCursor, fillFromPages, pageBudget, type UpstreamPage } from "@sda/contract";
import { encodeSearchParams } from "../client/innertube/search-filter.ts";
import { postWeb } from "../client/innertube/web-post.ts";
import type { VideositeEnv } from "../env.ts";
import type { SearchParams } from "../inputs/search-params.ts";
import { partition, type SearchHit, type SearchPartitions } from "../readers/search/hits.ts";
import { readSearchPage, type SpellingNote } from "../readers/search/search-reader.ts";
import { SEARCH_PAGE_SIZE, type searchSpec } from "../spec/search.ts";

/** Results per upstream search page (about 20; shorts shelves add a few). */

/** The search result (SPEC §2.9). */
export interface SearchResult extends SearchPartitions {
  query: string;
  totalReturned: number;
  nextCursor: string | null;
  hasMore: boolean;
  /** Every hit in the platform's order; the partitions split exactly these. */
  results: SearchHit[];
  /** The platform's spelling note (first page only): results are those shown for it. */
  spelling: SpellingNote | null;
  /** The platform's rough estimate of all matches (first page only), or null. */
  estimatedResults: number | null;
}

/** Our cursor: the query and filter it belongs to, and the position in the result pages. */
interface SearchCursor {
  q: string;
  f: string;
  r: string;
  c: string | null;
  i: number;
}

type SearchContext = Pick<OperationContext, "http" | "signal" | "log" | "cursors" | "now">;

/**
 * Searches the platform, `limit` results from `cursor` on, across as many result pages as needed.
 *
 * Upstream: `POST /youtubei/v1/search` with `{ query, params }` (`params` = the filter protobuf, see
 * `encodeSearchParams`; `context.client.gl` = `region`), then `{ continuation }`.
 *
 * @returns `{ data, source: "innertube:search", count }` with `count` = `results.length` (the billed quantity).
 * @throws ServiceError 400 `invalid_cursor` (tampered, or for another query, filter or region); 502 `upstream_*`.
 */
export async function search(
  params: SearchParams,
  ctx: SearchContext,
): Promise<{ data: SearchResult; source: string; count: number }> {
  const filter = encodeSearchParams({
    type: params.type ?? "all",
    sortBy: params.sortBy ?? "relevance",
    uploadDate: params.uploadDate ?? "any",
    duration: params.duration ?? "any",
  });
  const binding = { q: params.q, f: filter, r: params.region };
  const start = decodeListCursor<SearchCursor>(
    ctx.cursors,
    params.cursor,
    (p) => p.q === binding.q && p.f === binding.f && p.r === binding.r,
    "query, filter or region",
  );
  let spelling: SpellingNote | null = null;
  let estimatedResults: number | null = null;
  let skipped = 0;
  const fetchPage = async (token: string | null): Promise<UpstreamPage<SearchHit>> => {
    const body = token === null ? { query: params.q, params: filter } : { continuation: token };
    const response = await postWeb(ctx, "search", body, { region: params.region });
    const page = readSearchPage(response.json<unknown>(), response.date ?? ctx.now());
    if (token === null) {
      spelling = page.spelling && {
        ...page.spelling,
        originalQuery: page.spelling.originalQuery ?? params.q,
      };
      estimatedResults = page.estimatedResults;
    }
    skipped += page.skipped;
    return { items: page.hits, next: page.next };
  };
  const collected = await fillFromPages(
    { token: start?.c ?? null, index: start?.i ?? 0 },
    params.limit,
    fetchPage,
    pageBudget(params.limit, SEARCH_PAGE_SIZE),
  );
  if (skipped > 0) ctx.log.debug({ skipped, query: params.q }, "videosite search: skipped items");
  const nextCursor = collected.next
    ? ctx.cursors.encode({
        ...binding,
        c: collected.next.token,
        i: collected.next.index,
      } satisfies SearchCursor)
    : null;
  const results = collected.items;
  return {
    data: {
      query: params.q,
      totalReturned: results.length,
      nextCursor,
      hasMore: nextCursor !== null,
      results,
      ...partition(results),
      spelling,
      estimatedResults,
    },
    source: "innertube:search",
    count: results.length,
  };
}

/** The handler of `videosite.search` (its spec: `searchSpec`). */
export const searchHandler: HandlerFor<typeof searchSpec, VideositeEnv> = (params, ctx) =>
  search(params, ctx);
