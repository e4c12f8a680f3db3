import { defineOperationSpec, fixed, listPage, url } from "@sda/contract";
import { z } from "zod";
import { channelVideosParams } from "./channel-videos.ts";
import { videoRow } from "./shapes.ts";

/** Query parameters of `GET /v1/videosite/channel-shorts` (as channel-videos, without `fast`). */
export const channelShortsParams = channelVideosParams.omit({ fast: true });

/** A page of a channel's Shorts tab: rows with `commentCount` (always keyed, null when the tab hides it). */
export const channelShortsOutput = listPage("videos", videoRow, {
  url,
  channelId: z.string(),
  channelName: z.string().nullable(),
  tab: z.string(),
});

/** `GET /v1/videosite/channel-shorts`: 2 credits per call, 0 when empty. */
export const channelShortsSpec = defineOperationSpec({
  name: "channel-shorts",
  summary: "Shorts of a channel (the Shorts tab), paginated.",
  params: channelShortsParams,
  output: channelShortsOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
