import { cacheParam, defineOperationSpec, fixed, intParam } from "@sda/core";
import { z } from "zod";
import { topCommentSortParam } from "../inputs/params.ts";
import { postRefParam } from "../inputs/post-url.ts";

/** Query parameters of `GET /v1/forumsite/post-transcript`. */
export const postTranscriptParams = z.object({
  url: postRefParam,
  /** How the top comments are chosen: the platform's comment order, `top` (highest score) by default. */
  sort: topCommentSortParam,
  /** Number of top-level comments to include (0 for the post alone). */
  comments: intParam({ default: 10, min: 0, max: 100 }),
  cache: cacheParam,
});

/** `GET /v1/forumsite/post-transcript` (SPEC §4.4): 2 credits. */
export const postTranscriptSpec = defineOperationSpec({
  name: "post-transcript",
  summary:
    "Written text of a post (`url`): title, body and top comments as one readable text plus structured parts; `comments` (0-100, default 10) and `sort` (default top) choose the comments.",
  params: postTranscriptParams,
  price: fixed(2),
  cache: { mode: "optIn" },
});
