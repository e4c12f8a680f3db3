import {
  count,
  defineOperationSpec,
  failWith,
  fixed,
  PROFILE_CACHE_POLICY,
  profileCacheParams,
  url,
} from "@sda/contract";
import { z } from "zod";
import { profileParam, userIdParam } from "../inputs/params.ts";
import { businessAddress } from "./shapes.ts";

/** Query parameters of `GET /v1/photosite/basic-profile`: `userId` or `handle` (a handle or profile URL). */
export const basicProfileParams = z
  .object({
    userId: userIdParam.optional(),
    handle: profileParam.optional(),
    ...profileCacheParams,
  })
  .superRefine((value, ctx) => {
    if (value.userId === undefined && value.handle === undefined)
      failWith(ctx, "missing_parameter", "userId or handle is required", { param: "userId" });
  });

/** SPEC §2.11: a profile by user id or handle (`followers`, `externalUrl`, `businessAddress`). */
export const basicProfileOutput = z.object({
  platform: z.literal("photosite"),
  id: z.string().nullable(),
  username: z.string().nullable(),
  url: url.nullable(),
  displayName: z.string().nullable(),
  avatar: url.nullable(),
  verified: z.boolean().nullable(),
  isPrivate: z.boolean().nullable(),
  followers: count.nullable(),
  following: count.nullable(),
  postCount: count.nullable(),
  bio: z.string().nullable(),
  externalUrl: url.nullable(),
  isBusinessAccount: z.boolean().nullable(),
  category: z.string().nullable(),
  businessAddress: businessAddress.nullable(),
});

/** `GET /v1/photosite/basic-profile`: 1 credit. */
export const basicProfileSpec = defineOperationSpec({
  name: "basic-profile",
  summary:
    "A light profile by user id or handle: name, avatar, followers, following, posts, external URL, business address.",
  params: basicProfileParams,
  output: basicProfileOutput,
  price: fixed(1),
  cache: PROFILE_CACHE_POLICY,
});
