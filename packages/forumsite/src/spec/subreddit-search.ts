import { defineOperationSpec, fixed, listPage } from "@sda/contract";
import { z } from "zod";
import { subredditParam } from "../inputs/subreddit-url.ts";
import { searchParams } from "./search.ts";
import { postRow } from "./shapes.ts";

/** Query parameters of `GET /v1/forumsite/subreddit-search`. */
export const subredditSearchParams = z.object({ url: subredditParam, ...searchParams.shape });

/** A page of a post search inside one subreddit. */
export const subredditSearchOutput = listPage("posts", postRow, {
  subreddit: z.string(),
  query: z.string(),
  sort: z.string(),
  timeframe: z.string(),
});

/** `GET /v1/forumsite/subreddit-search` (SPEC §4.4): 2 credits per call, 0 for an empty page. */
export const subredditSearchSpec = defineOperationSpec({
  name: "subreddit-search",
  summary:
    "Post search inside one subreddit (`url`): `q`, `sort` (relevance, hot, top, new, comments), `timeframe`, `limit`, `cursor`.",
  params: subredditSearchParams,
  output: subredditSearchOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
