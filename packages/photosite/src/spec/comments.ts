import { cacheParam, cursorParam, defineOperationSpec, limitParam, perResult } from "@sda/core";
import { z } from "zod";
import { postParam } from "../inputs/params.ts";

/** Query parameters of `GET /v1/photosite/comments`. */
export const commentsParams = z.object({
  url: postParam,
  limit: limitParam(50, 100),
  cursor: cursorParam,
  cache: cacheParam,
});

/** `GET /v1/photosite/comments`: 0.9 credits per comment returned, rounded up per call. */
export const commentsSpec = defineOperationSpec({
  name: "comments",
  summary: "Comments of a post or reel: text, author, likes, replies, time, pinned and creator-like flags.",
  params: commentsParams,
  price: perResult(0.9, 50),
  cache: { mode: "optIn" },
});
