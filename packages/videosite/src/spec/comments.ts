import {
  cacheParam,
  count,
  cursorParam,
  defineOperationSpec,
  fixed,
  limitParam,
  listPage,
  url,
} from "@sda/contract";
import { z } from "zod";
import { videoUrlParam } from "../inputs/video-url.ts";
import { comment } from "./shapes.ts";

/** Query parameters of `GET /v1/videosite/comments` (SPEC §4.2: limit default 50, max 500). */
export const commentsParams = z.object({
  url: videoUrlParam,
  limit: limitParam(50, 500),
  cursor: cursorParam,
  cache: cacheParam,
});

/** SPEC §2.7: a page of a video's top-level comments. */
export const commentsOutput = listPage("comments", comment, {
  url,
  videoId: z.string(),
  totalComments: count
    .nullable()
    .describe("Comments of the video (replies included) as its header counts them."),
});

/** `GET /v1/videosite/comments` (SPEC §2.7): 2 credits per call, 0 when empty. */
export const commentsSpec = defineOperationSpec({
  name: "comments",
  summary:
    "Top-level comments of a video with likes, reply counts, creator hearts and pinned flags, paginated.",
  params: commentsParams,
  output: commentsOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
