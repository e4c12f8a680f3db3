import { defineOperationSpec, failWith, fixed, PROFILE_CACHE_POLICY, profileCacheParams } from "@sda/core";
import { z } from "zod";
import { profileParam, userIdParam } from "../inputs/params.ts";

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

/** `GET /v1/photosite/basic-profile`: 1 credit. */
export const basicProfileSpec = defineOperationSpec({
  name: "basic-profile",
  summary:
    "A light profile by user id or handle: name, avatar, followers, following, posts, external URL, business address.",
  params: basicProfileParams,
  price: fixed(1),
  cache: PROFILE_CACHE_POLICY,
});
