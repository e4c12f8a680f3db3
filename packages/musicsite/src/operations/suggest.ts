import type { HandlerFor } from "@sda/contract";
import { BandcampClient } from "../client/client.ts";
import { readSuggestions } from "../readers/search.ts";
import type { suggestSpec } from "../spec/suggest.ts";

/**
 * Bandcamp's search suggestions for `q`.
 *
 * Upstream: `POST https://bandcamp.com/api/bcsearch_public_api/1/autocomplete_elastic` (every kind: `search_filter`
 * empty).
 * @returns `{ data: { query, results }, source: "autocomplete", count }` (no suggestion is free).
 * @throws ServiceError 502 `upstream_*`.
 */
export const suggestHandler: HandlerFor<typeof suggestSpec> = async (params, ctx) => {
  const results = readSuggestions(await new BandcampClient(ctx).autocomplete(params.q));
  return { data: { query: params.q, results }, source: "autocomplete", count: results.length };
};
