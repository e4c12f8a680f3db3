import { boolParam, cacheParam, cursorParam, defineOperationSpec, fixed, limitParam } from "@sda/core";
import { z } from "zod";
import { channelUrlParam } from "../inputs/channel-url.ts";
import { nativeOrFeed } from "./prices.ts";

/** Query parameters of `GET /v1/videosite/channel-videos` (SPEC §4.2; limit default 20, max 200). */
export const channelVideosParams = z.object({
  url: channelUrlParam,
  limit: limitParam(20, 200),
  cursor: cursorParam,
  fast: boolParam(false),
  cache: cacheParam,
});

/**
 * `GET /v1/videosite/channel-videos` (SPEC §2.10): 2 credits per call on the native path, 1 credit with `fast=true`
 * (one feed request); 0 when nothing is returned.
 */
export const channelVideosSpec = defineOperationSpec({
  name: "channel-videos",
  summary:
    "Latest videos of a channel (or the tab the URL names: /streams, /shorts), paginated; fast=true reads the channel feed.",
  params: channelVideosParams,
  price: nativeOrFeed(fixed(2), 1),
  cache: { mode: "optIn" },
});
