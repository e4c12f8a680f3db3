import { cacheParam, cursorParam, defineOperationSpec, fixed } from "@sda/core";
import { z } from "zod";
import { commentLimitParam, commentSortParam } from "../inputs/params.ts";
import { postRefParam } from "../inputs/post-url.ts";

/** Query parameters of `GET /v1/forumsite/post-comments`. */
export const postCommentsParams = z.object({
  url: postRefParam,
  sort: commentSortParam,
  limit: commentLimitParam,
  cursor: cursorParam,
  cache: cacheParam,
});

/** `GET /v1/forumsite/post-comments` (SPEC §4.4): 2 credits per call, 0 for a page without comments. */
export const postCommentsSpec = defineOperationSpec({
  name: "post-comments",
  summary:
    "Comments of a post as a flat list in thread order with `depth` and `parentId`, the post included; `sort` (confidence/best, top, new, controversial, old, qa), `limit`, `cursor`.",
  params: postCommentsParams,
  price: fixed(2),
  cache: { mode: "optIn" },
});
