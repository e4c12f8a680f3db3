import { defineOperationSpec, fixed, PROFILE_CACHE_POLICY, profileCacheParams } from "@sda/core";
import { z } from "zod";
import { channelUrlParam } from "../inputs/channel-url.ts";

/** Query parameters of `GET /v1/videosite/channel-details`. */
export const channelDetailsParams = z.object({
  url: channelUrlParam,
  ...profileCacheParams,
});

/** `GET /v1/videosite/channel-details` (SPEC §2.8): 1 credit. */
export const channelDetailsSpec = defineOperationSpec({
  name: "channel-details",
  summary:
    "Profile of a channel: name, handle, description, avatar, banner, subscribers, videos, verified, join date, views, country, links, e-mail, tags.",
  params: channelDetailsParams,
  price: fixed(1),
  cache: PROFILE_CACHE_POLICY,
});
