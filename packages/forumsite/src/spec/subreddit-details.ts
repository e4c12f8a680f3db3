import { defineOperationSpec, fixed, PROFILE_CACHE_POLICY, profileCacheParams } from "@sda/core";
import { z } from "zod";
import { subredditParam } from "../inputs/subreddit-url.ts";

/** Query parameters of `GET /v1/forumsite/subreddit-details`. */
export const subredditDetailsParams = z.object({
  url: subredditParam,
  ...profileCacheParams,
});

/** `GET /v1/forumsite/subreddit-details` (SPEC §4.4): 1 credit. */
export const subredditDetailsSpec = defineOperationSpec({
  name: "subreddit-details",
  summary:
    "Subreddit card (`url`: URL, `r/name` or name): `t5_` id, members, active users, rules, creation time, NSFW flag, type, title, description, icon, banner.",
  params: subredditDetailsParams,
  price: fixed(1),
  cache: PROFILE_CACHE_POLICY,
});
