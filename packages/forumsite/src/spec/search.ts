import { cacheParam, cursorParam, defineOperationSpec, fixed, listPage } from "@sda/contract";
import { z } from "zod";
import { postLimitParam, queryParam, searchSortParam, searchTimeframeParam } from "../inputs/params.ts";
import { postRow } from "./shapes.ts";

/** Query parameters of `GET /v1/forumsite/search`. */
export const searchParams = z.object({
  q: queryParam,
  sort: searchSortParam,
  timeframe: searchTimeframeParam,
  limit: postLimitParam,
  cursor: cursorParam,
  cache: cacheParam,
});

/** SPEC §2.11: a page of a site-wide post search (`score`, `upvoteRatio`, `authorFullname`). */
export const searchOutput = listPage("posts", postRow, {
  query: z.string(),
  sort: z.string(),
  timeframe: z.string(),
});

/** `GET /v1/forumsite/search` (SPEC §4.4): 2 credits per call, 0 for an empty page. */
export const searchSpec = defineOperationSpec({
  name: "search",
  summary:
    "Site-wide post search: `q` (at least 2 characters), `sort` (relevance, hot, top, new, comments), `timeframe` (hour … all), `limit`, `cursor`.",
  params: searchParams,
  output: searchOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
