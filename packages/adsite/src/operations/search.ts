import type { HandlerFor } from "@sda/contract";
import type { searchSpec } from "../spec/search.ts";
import { type AdListFields, readList } from "./list-query.ts";

/** A page of a keyword search. */
export interface SearchResult extends AdListFields {
  query: string;
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
  const list = await readList(ctx, params, { q: params.q, exactPhrase: params.exactPhrase });
  const data: SearchResult = { query: params.q, ...list };
  return { data, source: "ad-library:search", count: list.ads.length };
};
