import { cacheParam, cursorParam, defineOperationSpec, fixed, listPage, url } from "@sda/contract";
import { z } from "zod";
import { listingSortParam, listingTimeframeParam, postLimitParam } from "../inputs/params.ts";
import { subredditParam } from "../inputs/subreddit-url.ts";
import { postRow } from "./shapes.ts";

/** Query parameters of `GET /v1/forumsite/subreddit-posts`. */
export const subredditPostsParams = z.object({
  url: subredditParam,
  sort: listingSortParam,
  timeframe: listingTimeframeParam,
  limit: postLimitParam,
  cursor: cursorParam,
  cache: cacheParam,
});

/** SPEC §2.11: a page of a subreddit's posts (title, score, upvote ratio, flair). */
export const subredditPostsOutput = listPage("posts", postRow, {
  subreddit: z.string(),
  url,
  sort: z.string(),
  timeframe: z.string().nullable().describe("The time window applied (`top` and `controversial` only)."),
});

/** `GET /v1/forumsite/subreddit-posts` (SPEC §4.4): 2 credits per call, 0 for an empty page. */
export const subredditPostsSpec = defineOperationSpec({
  name: "subreddit-posts",
  summary:
    "Posts of a subreddit (`url`: URL, `r/name` or name) with `sort` (hot, new, top, rising, controversial), `timeframe` for top/controversial, `limit` and `cursor`.",
  params: subredditPostsParams,
  output: subredditPostsOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
