import type { OperationContext } from "@sda/contract";
import type { PageQuery } from "../client/client.ts";
import type { AdStatus, AdType, MediaType } from "../inputs/params.ts";
import { readAdList } from "../paging/ad-list.ts";
import type { LibraryAd } from "../readers/ad.ts";

/** The filters of a list call, as the operations' params hold them. */
export interface ListFilters {
  country: string;
  status: AdStatus;
  adType: AdType;
  mediaType: MediaType;
}

/** What a list searches: keywords (`q`, as one phrase or not) or one advertiser's page id. */
export type ListTarget = { q: string; exactPhrase: boolean } | { pageId: string };

/** The library's `search_type` of a target. */
const searchTypeOf = (target: ListTarget) =>
  "pageId" in target ? "page" : target.exactPhrase ? "keyword_exact_phrase" : "keyword_unordered";

/**
 * The library page's query as the web client writes it: every filter always sent (`active_status`, `ad_type`,
 * `country` — without it the library answers for the visitor's own country —, `media_type`), then `q` +
 * `search_type` or `search_type=page` + `view_all_page_id`.
 */
function pageQuery(filters: ListFilters, target: ListTarget): PageQuery {
  const base: [string, string][] = [
    ["active_status", filters.status],
    ["ad_type", filters.adType],
    ["country", filters.country],
    ["media_type", filters.mediaType],
  ];
  return "pageId" in target
    ? [...base, ["search_type", "page"], ["view_all_page_id", target.pageId]]
    : [...base, ["q", target.q], ["search_type", searchTypeOf(target)]];
}

/**
 * The variables of the scroll query (`AdLibrarySearchPaginationQuery`) besides `cursor`, `first` and `sessionID`,
 * with the names and empty values the web client sends.
 */
function scrollVariables(filters: ListFilters, target: ListTarget): Record<string, unknown> {
  return {
    activeStatus: filters.status,
    adType: filters.adType.toUpperCase(),
    bylines: [],
    collationToken: null,
    contentLanguages: [],
    countries: [filters.country],
    excludedIDs: [],
    isTargetedCountry: false,
    location: null,
    mediaType: filters.mediaType,
    multiCountryFilterMode: null,
    pageIDs: [],
    potentialReachInput: [],
    publisherPlatforms: [],
    queryString: "pageId" in target ? "" : target.q,
    regions: [],
    searchType: searchTypeOf(target),
    sortData: null,
    source: null,
    startDate: null,
    viewAllPageID: "pageId" in target ? target.pageId : "0",
  };
}

/** The fields every ad list answers besides its own (`query`, `advertiser`). */
export interface AdListFields {
  country: string;
  status: string;
  adType: string;
  mediaType: string;
  /** The library's count of matching ads, on a call that read the page; null otherwise. */
  totalCount: number | null;
  totalReturned: number;
  nextCursor: string | null;
  hasMore: boolean;
  ads: LibraryAd[];
}

/**
 * Reads one page of the list `target` with `params`' filters, `limit` and `cursor` (see `readAdList`).
 * @throws ServiceError 400 `invalid_cursor`, 502 `upstream_blocked`, `upstream_incomplete`, `upstream_*`.
 */
export async function readList(
  ctx: OperationContext,
  params: ListFilters & { limit: number; cursor?: string | undefined },
  target: ListTarget,
): Promise<AdListFields> {
  const page = await readAdList(ctx, {
    page: pageQuery(params, target),
    variables: scrollVariables(params, target),
    limit: params.limit,
    cursor: params.cursor,
  });
  return {
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
}
