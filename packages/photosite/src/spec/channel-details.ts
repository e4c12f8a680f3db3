import { defineOperationSpec, fixed, PROFILE_CACHE_POLICY, profileCacheParams } from "@sda/core";
import { z } from "zod";
import { profileParam } from "../inputs/params.ts";

/** Query parameters of `GET /v1/photosite/channel-details`. */
export const channelDetailsParams = z.object({
  url: profileParam,
  ...profileCacheParams,
});

/** `GET /v1/photosite/channel-details`: 1 credit. */
export const channelDetailsSpec = defineOperationSpec({
  name: "channel-details",
  summary:
    "Profile stats: followers, following, posts, bio, HD avatar, verified, bio links, business category, address and contacts, private flag.",
  params: channelDetailsParams,
  price: fixed(1),
  cache: PROFILE_CACHE_POLICY,
});
