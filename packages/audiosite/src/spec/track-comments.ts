import {
  cacheParam,
  count,
  cursorParam,
  defineOperationSpec,
  fixed,
  limitParam,
  listPage,
} from "@sda/contract";
import { z } from "zod";
import { audioUrlParam } from "../inputs/params.ts";
import { comment, trackListFields } from "./shapes.ts";

/** Query parameters of `GET /v1/audiosite/track-comments`. */
export const trackCommentsParams = z.object({
  url: audioUrlParam("track"),
  limit: limitParam(20, 200),
  cursor: cursorParam,
  cache: cacheParam,
});

/** `audiosite.track-comments`: the top-level comments of a track, newest first. */
export const trackCommentsOutput = listPage("comments", comment, {
  ...trackListFields,
  totalComments: count.nullable().describe("The track's `comment_count`: comments including replies."),
});

/** `GET /v1/audiosite/track-comments`: 2 credits per call, 0 for an empty page; one upstream page per call. */
export const trackCommentsSpec = defineOperationSpec({
  name: "track-comments",
  summary:
    "The top-level comments of a track (replies left out), newest first. One upstream page per call (`limit`, `cursor`).",
  params: trackCommentsParams,
  output: trackCommentsOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
