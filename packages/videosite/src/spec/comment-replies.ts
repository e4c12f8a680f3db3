import {
  cacheParam,
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

/**
 * Query parameters of `GET /v1/videosite/comment-replies`: the video `url`, the `commentId` of a top-level comment
 * (a reply id `<parent>.<reply>` names its thread), `limit` (default 50, max 500, as comments) and `cursor`.
 */
export const commentRepliesParams = z.object({
  url: videoUrlParam,
  commentId: z
    .string()
    .trim()
    .regex(
      /^[A-Za-z0-9_-]{12,64}(?:\.[A-Za-z0-9_-]{8,64})?$/,
      "commentId must be a comment id such as UgwSOM0QHBLysE3vZE54AaABAg",
    ),
  limit: limitParam(50, 500),
  cursor: cursorParam,
  cache: cacheParam,
});

/** The replies of one top-level comment (SPEC §2.7 comment shape, `parentId` set). */
export const commentRepliesOutput = listPage("comments", comment, {
  url,
  videoId: z.string(),
  commentId: z.string().describe("The top-level comment whose replies these are."),
});

/** `GET /v1/videosite/comment-replies`: 2 credits per page (call), 0 when empty. */
export const commentRepliesSpec = defineOperationSpec({
  name: "comment-replies",
  summary: "Replies of one comment thread (by commentId, or the comment's repliesCursor), paginated.",
  params: commentRepliesParams,
  output: commentRepliesOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
