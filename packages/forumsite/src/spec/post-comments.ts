import { cacheParam, count, cursorParam, defineOperationSpec, fixed, listPage } from "@sda/contract";
import { z } from "zod";
import { commentLimitParam, commentSortParam } from "../inputs/params.ts";
import { postRefParam } from "../inputs/post-url.ts";
import { forumComment, postDetails } from "./shapes.ts";

/** Query parameters of `GET /v1/forumsite/post-comments`. */
export const postCommentsParams = z.object({
  url: postRefParam,
  sort: commentSortParam,
  limit: commentLimitParam,
  cursor: cursorParam,
  cache: cacheParam,
});

/** SPEC §2.11: a page of a post's comments as a flat list in thread order, the post included. */
export const postCommentsOutput = listPage("comments", forumComment, {
  postId: z.string(),
  sort: z.string(),
  post: postDetails,
  totalComments: count.nullable().describe("Comments of the thread as the platform counts them."),
});

/** `GET /v1/forumsite/post-comments` (SPEC §4.4): 2 credits per call, 0 for a page without comments. */
export const postCommentsSpec = defineOperationSpec({
  name: "post-comments",
  summary:
    "Comments of a post as a flat list in thread order with `depth` and `parentId`, the post included; `sort` (confidence/best, top, new, controversial, old, qa), `limit`, `cursor`.",
  params: postCommentsParams,
  output: postCommentsOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
