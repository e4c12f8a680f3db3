import { cacheParam, cursorParam, defineOperationSpec, fixed, limitParam, listPage } from "@sda/contract";
import { z } from "zod";
import { feedParam } from "../inputs/refs.ts";
import { post } from "./shapes.ts";

/** Query parameters of `GET /v1/microblogsite/feed`: a custom feed (feed generator) link or `at://` URI. */
export const feedParams = z.object({
  url: feedParam,
  limit: limitParam(30, 100),
  cursor: cursorParam,
  cache: cacheParam,
});

/** `microblogsite.feed`: a page of a custom feed, in the generator's order. */
export const feedOutput = listPage("posts", post, {
  feedId: z.string().describe("`at://` URI of the feed generator."),
});

/** `GET /v1/microblogsite/feed`: 2 credits per page, 0 for an empty one. */
export const feedSpec = defineOperationSpec({
  name: "feed",
  summary:
    "A custom feed (`url`: bsky.app feed link or at:// URI of a feed generator), in its order, with `limit` and `cursor`.",
  params: feedParams,
  output: feedOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
