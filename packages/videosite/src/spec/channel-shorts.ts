import { defineOperationSpec, fixed } from "@sda/core";
import { channelVideosParams } from "./channel-videos.ts";

/** Query parameters of `GET /v1/videosite/channel-shorts` (as channel-videos, without `fast`). */
export const channelShortsParams = channelVideosParams.omit({ fast: true });

/** `GET /v1/videosite/channel-shorts`: 2 credits per call, 0 when empty. */
export const channelShortsSpec = defineOperationSpec({
  name: "channel-shorts",
  summary: "Shorts of a channel (the Shorts tab), paginated.",
  params: channelShortsParams,
  price: fixed(2),
  cache: { mode: "optIn" },
});
