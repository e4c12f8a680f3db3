import { count, defineOperationSpec, listPage, perPage } from "@sda/contract";
import { z } from "zod";
import { searchParams } from "../inputs/search-params.ts";
import { searchHit, searchPartitions } from "./shapes.ts";

/** Results per platform search page (the billing page too). */
export const SEARCH_PAGE_SIZE = 20;

/** SPEC §2.9: a page of search results, in order and in disjoint partitions by type. */
export const searchOutput = listPage("results", searchHit, {
  query: z.string(),
}).extend({
  ...searchPartitions,
  spelling: z
    .object({
      kind: z.string().describe("`did_you_mean`, `showing_results_for` or `including_results_for`."),
      correctedQuery: z.string().nullable(),
      originalQuery: z.string().nullable(),
    })
    .nullable()
    .describe("The platform's note on the query's spelling (first page only)."),
  estimatedResults: count
    .nullable()
    .describe("The platform's rough estimate of all matches (first page only)."),
});

/**
 * `GET /v1/videosite/search` (SPEC §2.9, §4.2.1): 2 credits per started page of 20 results returned
 * (`ceil(results.length / 20) × 2`; a shelf counts as one result), 0 when empty.
 */
export const searchSpec = defineOperationSpec({
  name: "search",
  summary:
    "Search videos, shorts, channels, playlists and live streams with type, sort, upload-date and duration filters.",
  params: searchParams,
  output: searchOutput,
  price: perPage(2, SEARCH_PAGE_SIZE),
  cache: { mode: "optIn" },
});
