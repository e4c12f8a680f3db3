import { cacheParam, cursorParam, defineOperationSpec, fixed, limitParam, listPage } from "@sda/contract";
import { z } from "zod";
import { listParam } from "../inputs/refs.ts";
import { post } from "./shapes.ts";

/** Query parameters of `GET /v1/microblogsite/list-feed`: a list link (`bsky.app/profile/<actor>/lists/<key>`) or URI. */
export const listFeedParams = z.object({
  url: listParam,
  limit: limitParam(30, 100),
  cursor: cursorParam,
  cache: cacheParam,
});

/** `microblogsite.list-feed`: a page of the posts of a list's members, newest first. */
export const listFeedOutput = listPage("posts", post, {
  listId: z.string().describe("`at://` URI of the list."),
});

/** `GET /v1/microblogsite/list-feed`: 2 credits per page, 0 for an empty one. */
export const listFeedSpec = defineOperationSpec({
  name: "list-feed",
  summary:
    "The posts of a list's members (`url`: bsky.app list link or at:// URI), newest first, with `limit` and `cursor`.",
  params: listFeedParams,
  output: listFeedOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
