import { cacheParam, cursorParam, defineOperationSpec, fixed, limitParam, listPage } from "@sda/contract";
import { z } from "zod";
import { authorFeedFilterParam } from "../inputs/params.ts";
import { actorParam } from "../inputs/refs.ts";
import { post } from "./shapes.ts";

/** Query parameters of `GET /v1/microblogsite/posts`: an account's feed, its posts and reposts, newest first. */
export const postsParams = z.object({
  url: actorParam,
  filter: authorFeedFilterParam,
  limit: limitParam(20, 100),
  cursor: cursorParam,
  cache: cacheParam,
});

/** `microblogsite.posts`: a page of an account's feed. */
export const postsOutput = listPage("posts", post, {
  actor: z.string().describe("The account as asked for (handle or DID)."),
  filter: z
    .string()
    .nullable()
    .describe("The filter applied; null for the platform's default (posts, replies, reposts)."),
});

/** `GET /v1/microblogsite/posts`: 2 credits per page, 0 for an empty one. */
export const postsSpec = defineOperationSpec({
  name: "posts",
  summary:
    "An account's feed (`url`), newest first: its posts, replies and reposts (`filter` narrows it), pinned post first, with `limit` and `cursor`.",
  params: postsParams,
  output: postsOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
