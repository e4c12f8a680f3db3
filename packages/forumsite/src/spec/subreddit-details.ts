import {
  count,
  defineOperationSpec,
  degradedFields,
  fixed,
  PROFILE_CACHE_POLICY,
  profileCacheParams,
  timestamp,
  url,
} from "@sda/contract";
import { z } from "zod";
import { subredditParam } from "../inputs/subreddit-url.ts";

/** Query parameters of `GET /v1/forumsite/subreddit-details`. */
export const subredditDetailsParams = z.object({
  url: subredditParam,
  ...profileCacheParams,
});

/** SPEC §2.11: a subreddit's card (`id` `t5_…`, `members`, `activeUsers`, `rules[]`, `createdAt`, `nsfw`, `type`). */
export const subredditDetailsOutput = z.object({
  id: z.string().describe("`t5_…` fullname."),
  name: z.string(),
  url,
  title: z.string().nullable(),
  description: z.string().nullable(),
  sidebar: z.string().nullable(),
  members: count.nullable(),
  activeUsers: count.nullable(),
  createdAt: timestamp.nullable(),
  nsfw: z.boolean(),
  type: z.string().nullable().describe("`public`, `private`, `restricted`, … as the platform says."),
  quarantined: z.boolean(),
  icon: url.nullable(),
  banner: url.nullable(),
  language: z.string().nullable(),
  submissionType: z.string().nullable(),
  rules: z
    .array(
      z.object({
        name: z.string(),
        description: z.string().nullable(),
        appliesTo: z.string().nullable(),
        priority: z.int().nullable(),
        violationReason: z.string().nullable(),
        createdAt: timestamp.nullable(),
      }),
    )
    .nullable()
    .describe("The rules in order; null when they could not be read (then `degraded`)."),
  ...degradedFields,
});

/** `GET /v1/forumsite/subreddit-details` (SPEC §4.4): 1 credit. */
export const subredditDetailsSpec = defineOperationSpec({
  name: "subreddit-details",
  summary:
    "Subreddit card (`url`: URL, `r/name` or name): `t5_` id, members, active users, rules, creation time, NSFW flag, type, title, description, icon, banner.",
  params: subredditDetailsParams,
  output: subredditDetailsOutput,
  price: fixed(1),
  cache: PROFILE_CACHE_POLICY,
});
