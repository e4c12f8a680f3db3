import { cacheParam, cursorParam, defineOperationSpec, fixed, limitParam, listPage } from "@sda/contract";
import { z } from "zod";
import { itemRefParam } from "../inputs/item-ref.ts";
import { newsItem, threadComment } from "./shapes.ts";

/** Query parameters of `GET /v1/newssite/item-comments`. */
export const itemCommentsParams = z.object({
  url: itemRefParam,
  limit: limitParam(100, 1000),
  cursor: cursorParam,
  cache: cacheParam,
});

/** `newssite.item-comments`: a page of the comments below an item, depth-first, the item included. */
export const itemCommentsOutput = listPage("comments", threadComment, { item: newsItem });

/** `GET /v1/newssite/item-comments`: 2 credits per page, 0 for a page without comments. */
export const itemCommentsSpec = defineOperationSpec({
  name: "item-comments",
  summary:
    "Comments below an item (`url`), flat depth-first with `depth` and `parentId`, deleted and dead flags, and the item itself, with `limit` and `cursor`.",
  params: itemCommentsParams,
  output: itemCommentsOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
