import { cacheParam, defineOperationSpec, fixed } from "@sda/core";
import { z } from "zod";
import { videoUrlParam } from "../inputs/video-url.ts";

/** Query parameters of `GET /v1/videosite/video-details`. */
export const videoDetailsParams = z.object({ url: videoUrlParam, cache: cacheParam });

/** `GET /v1/videosite/video-details` (SPEC §2.6): 1 credit. */
export const videoDetailsSpec = defineOperationSpec({
  name: "video-details",
  summary:
    "Details of a video: title, description, channel, publish date, duration, views, likes, comments, thumbnails, category, tags, caption tracks, description links, live flags.",
  params: videoDetailsParams,
  price: fixed(1),
  cache: { mode: "optIn" },
});
