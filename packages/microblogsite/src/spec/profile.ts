import { cacheParam, count, defineOperationSpec, fixed, profileCore, timestamp } from "@sda/contract";
import { z } from "zod";
import { actorParam } from "../inputs/refs.ts";

/** Query parameters of `GET /v1/microblogsite/profile`: `url` a `bsky.app` profile link, a handle or a DID. */
export const profileParams = z.object({ url: actorParam, cache: cacheParam });

/** `microblogsite.profile`: SPEC §2.8's profile core plus the platform's counts. */
export const profileOutput = z.object({
  ...profileCore,
  createdAt: timestamp.nullable().describe("When the account was created."),
  following: count.nullable().describe("Accounts it follows."),
  labels: z.array(z.string()).describe("Values of the moderation labels on the account."),
  pinnedPost: z
    .object({ id: z.string(), cid: z.string().nullable(), url: z.string().nullable() })
    .nullable()
    .describe("The post pinned to the profile (`at://` URI)."),
  listCount: count.nullable().describe("Lists it made."),
  feedCount: count.nullable().describe("Feed generators it made."),
  starterPackCount: count.nullable().describe("Starter packs it made."),
  isLabeler: z.boolean().describe("The account runs a labeler (moderation service)."),
  indexedAt: timestamp.nullable().describe("When the AppView last indexed the profile."),
});

/** `GET /v1/microblogsite/profile`: 1 credit. */
export const profileSpec = defineOperationSpec({
  name: "profile",
  summary:
    "One account (`url`: bsky.app link, handle or DID): DID, handle, display name, bio, avatar, banner, followers, following, posts, creation time, labels, pinned post, list/feed/starter-pack counts.",
  params: profileParams,
  output: profileOutput,
  price: fixed(1),
  cache: { mode: "optIn" },
});
