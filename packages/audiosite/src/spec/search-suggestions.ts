import { cacheParam, defineOperationSpec, fixed, limitParam } from "@sda/contract";
import { z } from "zod";
import { suggestionQueryParam } from "../inputs/params.ts";

/** Query parameters of `GET /v1/audiosite/search-suggestions`. */
export const searchSuggestionsParams = z.object({
  q: suggestionQueryParam,
  limit: limitParam(10, 20),
  cache: cacheParam,
});

/** `audiosite.search-suggestions`: the completions SoundCloud suggests for a query. */
export const searchSuggestionsOutput = z.object({
  query: z.string(),
  suggestions: z.array(
    z.object({
      text: z.string().describe("The suggestion as shown."),
      query: z.string().describe("The query it searches for."),
    }),
  ),
  totalReturned: z.int().min(0),
});

/** `GET /v1/audiosite/search-suggestions`: 1 credit. */
export const searchSuggestionsSpec = defineOperationSpec({
  name: "search-suggestions",
  summary: "Query completions SoundCloud suggests for `q` (`limit` 10, at most 20).",
  params: searchSuggestionsParams,
  output: searchSuggestionsOutput,
  price: fixed(1),
  cache: { mode: "optIn" },
});
