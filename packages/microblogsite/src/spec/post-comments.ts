import { cacheParam, cursorParam, defineOperationSpec, fixed, limitParam, listPage } from "@sda/contract";
import { z } from "zod";
import { postParam } from "../inputs/refs.ts";
import { post, threadComment } from "./shapes.ts";

/** Query parameters of `GET /v1/microblogsite/post-comments`. */
export const postCommentsParams = z.object({
  url: postParam,
  limit: limitParam(100, 1000),
  cursor: cursorParam,
  cache: cacheParam,
});

/** `microblogsite.post-comments`: a page of the replies below a post, depth-first, the post included. */
export const postCommentsOutput = listPage("comments", threadComment, {
  post: post.describe("The post whose replies these are."),
});

/** `GET /v1/microblogsite/post-comments`: 2 credits per page, 0 for a page without replies. */
export const postCommentsSpec = defineOperationSpec({
  name: "post-comments",
  summary:
    "The replies below a post (`url`) as a flat depth-first list with `depth` and `parentId`, not-found and blocked replies kept as such, the post itself included, with `limit` and `cursor`.",
  params: postCommentsParams,
  output: postCommentsOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
