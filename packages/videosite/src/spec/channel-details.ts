import {
  count,
  countWithLabel,
  defineOperationSpec,
  degradedFields,
  fixed,
  isoDate,
  link,
  PROFILE_CACHE_POLICY,
  profileCacheParams,
  profileCore,
  timestamp,
  url,
} from "@sda/contract";
import { z } from "zod";
import { channelUrlParam } from "../inputs/channel-url.ts";

/** Query parameters of `GET /v1/videosite/channel-details`. */
export const channelDetailsParams = z.object({
  url: channelUrlParam,
  ...profileCacheParams,
});

/** SPEC §2.8: a channel's profile (the canonical core, the platform's fields, the deprecated aliases of rule 3). */
export const channelDetailsOutput = z.object({
  ...profileCore,
  platform: z.literal("videosite"),
  createdAt: isoDate.nullable().describe("Join date, `YYYY-MM-DD`."),
  ...countWithLabel("followers"),
  canonicalUrl: url.describe("Handle-based URL when the handle is known, else the channel-id URL."),
  viewCount: count.nullable().describe("Lifetime views."),
  country: z.string().nullable().describe("ISO 3166 alpha-2 (always keyed)."),
  countryName: z.string().nullable().describe("English name of `country` (always keyed)."),
  links: z.array(link),
  email: z
    .string()
    .nullable()
    .describe("Only when published in the about text or description (always keyed)."),
  tags: z.array(z.string()),
  isFamilySafe: z.boolean().nullable(),
  name: z.string().nullable().describe("Deprecated alias of `displayName`."),
  handle: z.string().nullable().describe("Deprecated: `@handle`."),
  description: z.string().nullable().describe("Deprecated alias of `bio`."),
  subscriberCount: count.nullable().describe("Deprecated alias of `followers`."),
  videoCount: count.nullable().describe("Deprecated alias of `postCount`."),
  thumbnailUrl: url.nullable().describe("Deprecated alias of `avatar`."),
  bannerUrl: url.nullable().describe("Deprecated alias of `banner`."),
  joinedDate: isoDate.nullable().describe("Deprecated alias of `createdAt`."),
  joinedAt: timestamp.nullable().describe("Deprecated: `createdAt` at midnight UTC."),
  ...degradedFields,
});

/** `GET /v1/videosite/channel-details` (SPEC §2.8): 1 credit. */
export const channelDetailsSpec = defineOperationSpec({
  name: "channel-details",
  summary:
    "Profile of a channel: name, handle, description, avatar, banner, subscribers, videos, verified, join date, views, country, links, e-mail, tags.",
  params: channelDetailsParams,
  output: channelDetailsOutput,
  price: fixed(1),
  cache: PROFILE_CACHE_POLICY,
});
