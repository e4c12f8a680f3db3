import { cacheParam, cursorParam, defineOperationSpec, fixed, limitParam, listPage } from "@sda/contract";
import { z } from "zod";
import { choiceParam, SEARCH_SORTS, USER_ITEM_TYPES } from "../inputs/params.ts";
import { userRefParam } from "../inputs/user-ref.ts";
import { searchFields, searchItem } from "./shapes.ts";

/** Query parameters of `GET /v1/newssite/user-items`: a user's stories and/or comments, newest first by default. */
export const userItemsParams = z.object({
  handle: userRefParam,
  type: choiceParam(USER_ITEM_TYPES, "all"),
  sort: choiceParam(SEARCH_SORTS, "date"),
  limit: limitParam(20, 200),
  cursor: cursorParam,
  cache: cacheParam,
});

/** `newssite.user-items`: a page of one user's stories and comments. */
export const userItemsOutput = listPage("items", searchItem, { ...searchFields, handle: z.string() });

/** `GET /v1/newssite/user-items`: 2 credits per page, 0 for an empty one. */
export const userItemsSpec = defineOperationSpec({
  name: "user-items",
  summary:
    "Stories and/or comments (`type`) of one user (`handle`), newest first or by relevance (`sort`), with `limit` and `cursor`.",
  params: userItemsParams,
  output: userItemsOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
