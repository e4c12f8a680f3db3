import {
  cacheParam,
  cursorParam,
  defineOperationSpec,
  limitParam,
  listPage,
  perResult,
  url,
} from "@sda/contract";
import { z } from "zod";
import { postParam } from "../inputs/params.ts";
import { comment } from "./shapes.ts";

/** Query parameters of `GET /v1/photosite/comments`. */
export const commentsParams = z.object({
  url: postParam,
  limit: limitParam(50, 100),
  cursor: cursorParam,
  cache: cacheParam,
});

/** A page of a post's comments. */
export const commentsOutput = listPage("comments", comment, {
  url,
  shortcode: z.string(),
  mediaId: z.string(),
});

/** `GET /v1/photosite/comments`: 0.9 credits per comment returned, rounded up per call. */
export const commentsSpec = defineOperationSpec({
  name: "comments",
  summary: "Comments of a post or reel: text, author, likes, replies, time, pinned and creator-like flags.",
  params: commentsParams,
  output: commentsOutput,
  price: perResult(0.9, 50),
  cache: { mode: "optIn" },
});
