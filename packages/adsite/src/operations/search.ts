import type { HandlerFor } from "@sda/core";
import { readAdList } from "../paging/ad-list.ts";
import type { LibraryAd } from "../readers/ad.ts";
import type { searchSpec } from "../spec/search.ts";
import { pageQuery, scrollVariables } from "./list-query.ts";

/** A page of a keyword search. */
export interface SearchResult {
  query: string;
  country: string;
  status: string;
  adType: string;
  mediaType: string;
  totalCount: number | null;
  totalReturned: number;
  nextCursor: string | null;
  hasMore: boolean;
  ads: LibraryAd[];
}

/**
 * The library's keyword search.
 *
 * Upstream: `GET /ads/library/?active_status=…&ad_type=…&country=…&media_type=…&q=…&search_type=keyword_unordered`
 * (or `keyword_exact_phrase`), then `POST /api/graphql/` `AdLibrarySearchPaginationQuery` scroll batches (see
 * `readAdList`).
 * @returns `{ data, source, count }`; `count` 0 for an empty search (not billed).
 * @throws ServiceError 400 `invalid_cursor`, 502 `upstream_blocked`, `upstream_incomplete`, `upstream_*`.
 */
export const searchHandler: HandlerFor<typeof searchSpec> = async (params, ctx) => {
  const target = { q: params.q, exactPhrase: params.exactPhrase };
  const page = await readAdList(ctx, {
    operationId: "adsite.search",
    page: pageQuery(params, target),
    variables: scrollVariables(params, target),
    limit: params.limit,
    cursor: params.cursor,
  });
  const data: SearchResult = {
    query: params.q,
    country: params.country,
    status: params.status,
    adType: params.adType,
    mediaType: params.mediaType,
    totalCount: page.totalCount,
    totalReturned: page.ads.length,
    nextCursor: page.nextCursor,
    hasMore: page.hasMore,
    ads: page.ads,
  };
  return { data, source: "ad-library:search", count: page.ads.length };
};
