import type { HandlerFor } from "@sda/contract";
import { AudiositeApi, unexpected404 } from "../client/api.ts";
import { readSuggestions } from "../readers/lists.ts";
import type { searchSuggestionsSpec } from "../spec/search-suggestions.ts";

/**
 * The handler of `audiosite.search-suggestions`: `/search/queries?q=&limit=`, cut to `limit`.
 * @returns `{ query, suggestions: [{text, query}], totalReturned }`; source `api-v2:search-queries`; 1 credit.
 * @throws ServiceError 502 `upstream_*`.
 */
export const searchSuggestionsHandler: HandlerFor<typeof searchSuggestionsSpec> = async (params, ctx) => {
  const body = await new AudiositeApi(ctx).require(
    "/search/queries",
    { q: params.q, limit: params.limit },
    () => unexpected404("the suggestions"),
  );
  const suggestions = readSuggestions(body).slice(0, params.limit);
  return {
    data: { query: params.q, suggestions, totalReturned: suggestions.length },
    source: "api-v2:search-queries",
  };
};
