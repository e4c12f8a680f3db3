import { defineOperationSpec, fixed, PROFILE_CACHE_POLICY, profileCacheParams } from "@sda/contract";
import { z } from "zod";
import { accountParam } from "../inputs/links.ts";
import { fediProfile } from "./shapes.ts";

/** Query parameters of `GET /v1/fedisite/profile`: a profile link or `@user@instance` handle. */
export const profileParams = z.object({ url: accountParam, ...profileCacheParams });

/** `fedisite.profile`: one account with its fields and featured tags. */
export const profileOutput = fediProfile;

/** `GET /v1/fedisite/profile`: 1 credit. */
export const profileSpec = defineOperationSpec({
  name: "profile",
  summary:
    "One account (`url`: `https://<instance>/@user` or `@user@instance`): counts, bio, profile fields with their verification, featured hashtags.",
  params: profileParams,
  output: profileOutput,
  price: fixed(1),
  cache: PROFILE_CACHE_POLICY,
});
