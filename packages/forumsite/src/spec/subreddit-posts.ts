import { cacheParam, cursorParam, defineOperationSpec, fixed } from "@sda/core";
import { z } from "zod";
import { listingSortParam, listingTimeframeParam, postLimitParam } from "../inputs/params.ts";
import { subredditParam } from "../inputs/subreddit-url.ts";

/** Query parameters of `GET /v1/forumsite/subreddit-posts`. */
export const subredditPostsParams = z.object({
  url: subredditParam,
  sort: listingSortParam,
  timeframe: listingTimeframeParam,
  limit: postLimitParam,
  cursor: cursorParam,
  cache: cacheParam,
});

/** `GET /v1/forumsite/subreddit-posts` (SPEC §4.4): 2 credits per call, 0 for an empty page. */
export const subredditPostsSpec = defineOperationSpec({
  name: "subreddit-posts",
  summary:
    "Posts of a subreddit (`url`: URL, `r/name` or name) with `sort` (hot, new, top, rising, controversial), `timeframe` for top/controversial, `limit` and `cursor`.",
  params: subredditPostsParams,
  price: fixed(2),
  cache: { mode: "optIn" },
});
