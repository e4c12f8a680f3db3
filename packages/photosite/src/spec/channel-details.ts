import {
  count,
  defineOperationSpec,
  fixed,
  PROFILE_CACHE_POLICY,
  profileCacheParams,
  profileCore,
  url,
} from "@sda/contract";
import { z } from "zod";
import { profileParam } from "../inputs/params.ts";
import { businessAddress } from "./shapes.ts";

/** Query parameters of `GET /v1/photosite/channel-details`. */
export const channelDetailsParams = z.object({
  url: profileParam,
  ...profileCacheParams,
});

/** SPEC §2.8 / §2.11: a profile — the canonical core plus the platform's fixed key set (null fillers). */
export const channelDetailsOutput = z.object({
  ...profileCore,
  platform: z.literal("photosite"),
  id: z.string().nullable(),
  username: z.string(),
  url,
  banner: z.null().describe("The platform has no profile banner: always null (never the avatar)."),
  createdAt: z.null().describe("The platform does not publish a join date: always null."),
  followersIsApproximate: z.boolean(),
  followersText: z.string().nullable(),
  following: count.nullable(),
  followingIsApproximate: z.boolean(),
  postCountIsApproximate: z.boolean(),
  fbid: z.string().nullable(),
  bioLinks: z.array(z.object({ url, title: z.string().nullable(), type: z.string().nullable() })),
  externalUrl: url.nullable(),
  isPrivate: z.boolean().nullable(),
  isBusinessAccount: z.boolean().nullable(),
  isProfessionalAccount: z.boolean().nullable(),
  businessCategory: z.string().nullable(),
  category: z.string().nullable(),
  businessAddress: businessAddress.nullable(),
  email: z.string().nullable().describe("The public business email, else one published in the bio."),
  phone: z.string().nullable(),
  businessContactMethod: z.string().nullable(),
  highlightCount: count.nullable(),
  hasClips: z.boolean().nullable(),
  pronouns: z.array(z.string()),
});

/** `GET /v1/photosite/channel-details`: 1 credit. */
export const channelDetailsSpec = defineOperationSpec({
  name: "channel-details",
  summary:
    "Profile stats: followers, following, posts, bio, HD avatar, verified, bio links, business category, address and contacts, private flag.",
  params: channelDetailsParams,
  output: channelDetailsOutput,
  price: fixed(1),
  cache: PROFILE_CACHE_POLICY,
});
