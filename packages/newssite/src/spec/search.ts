import { cacheParam, cursorParam, defineOperationSpec, fixed, limitParam, listPage } from "@sda/contract";
import { z } from "zod";
import { choiceParam, SEARCH_SORTS, SEARCH_TYPES } from "../inputs/params.ts";
import { searchFields, searchItem } from "./shapes.ts";

/** Query parameters of `GET /v1/newssite/search`. `q`: SPEC §8 at least 2 characters; limits as other searches. */
export const searchParams = z.object({
  q: z.string().trim().min(2).max(512),
  type: choiceParam(SEARCH_TYPES, "story"),
  sort: choiceParam(SEARCH_SORTS, "relevance"),
  limit: limitParam(20, 200),
  cursor: cursorParam,
  cache: cacheParam,
});

/** `newssite.search`: a page of full-text search hits. */
export const searchOutput = listPage("items", searchItem, searchFields);

/** `GET /v1/newssite/search`: 2 credits per page, 0 for an empty one. */
export const searchSpec = defineOperationSpec({
  name: "search",
  summary:
    "Full-text search (`q`) of stories, comments or all items (`type`), by relevance or date (`sort`), with `limit` and `cursor`.",
  params: searchParams,
  output: searchOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
