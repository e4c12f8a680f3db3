import { defineOperationSpec, perPage } from "@sda/core";
import { searchParams } from "../inputs/search-params.ts";

/** Results per platform search page (the billing page too). */
export const SEARCH_PAGE_SIZE = 20;

/**
 * `GET /v1/videosite/search` (SPEC §2.9, §4.2.1): 2 credits per started page of 20 results returned
 * (`ceil(results.length / 20) × 2`; a shelf counts as one result), 0 when empty.
 */
export const searchSpec = defineOperationSpec({
  name: "search",
  summary:
    "Search videos, shorts, channels, playlists and live streams with type, sort, upload-date and duration filters.",
  params: searchParams,
  price: perPage(2, SEARCH_PAGE_SIZE),
  cache: { mode: "optIn" },
});
