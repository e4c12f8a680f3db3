import type { HandlerFor } from "@sda/contract";
import type { z } from "zod";
import type { PhotositeContext } from "../client/context.ts";
import { fetchUserInfo, fetchWebProfileInfo } from "../client/profile.ts";
import type { PhotositeEnv } from "../env.ts";
import { type ProfileRef, profileUrl } from "../inputs/params.ts";
import type { BusinessAddress, Profile } from "../readers/profile.ts";
import type { PhotositeServices } from "../services.ts";
import type { basicProfileOutput, basicProfileSpec } from "../spec/basic-profile.ts";

/** `data` of basic-profile: the light profile. */
export interface BasicProfile {
  /** The platform (`ctx.platform`, the spec's literal). */
  platform: z.output<typeof basicProfileOutput>["platform"];
  id: string | null;
  username: string | null;
  url: string | null;
  displayName: string | null;
  avatar: string | null;
  verified: boolean | null;
  isPrivate: boolean | null;
  followers: number | null;
  following: number | null;
  postCount: number | null;
  bio: string | null;
  externalUrl: string | null;
  isBusinessAccount: boolean | null;
  category: string | null;
  businessAddress: BusinessAddress | null;
}

function basicProfile(profile: Profile, platform: BasicProfile["platform"]): BasicProfile {
  return {
    platform,
    id: profile.id,
    username: profile.username,
    url: profile.username ? profileUrl(profile.username) : null,
    displayName: profile.fullName || null,
    avatar: profile.avatar,
    verified: profile.verified,
    isPrivate: profile.isPrivate,
    followers: profile.followers.value,
    following: profile.following.value,
    postCount: profile.postCount.value,
    bio: profile.bio || null,
    externalUrl: profile.externalUrl,
    isBusinessAccount: profile.isBusinessAccount,
    category: profile.businessCategory ?? profile.category,
    businessAddress: profile.businessAddress,
  };
}

/**
 * The light profile: by user id through `GET /api/v1/users/<id>/info/` (v1 user), by handle through
 * `web_profile_info`. When both are given the user id wins.
 * @returns source `user_info` or `web_profile_info`.
 * @throws ServiceError 404 `profile_not_found`; 502 `upstream_*`.
 */
export async function getBasicProfile(
  ctx: PhotositeContext,
  params: { userId?: string | undefined; handle?: ProfileRef | undefined },
): Promise<{ data: BasicProfile; source: string }> {
  if (params.userId) {
    const { profile } = await fetchUserInfo(ctx, params.userId);
    return { data: basicProfile(profile, ctx.platform as BasicProfile["platform"]), source: "user_info" };
  }
  const { profile } = await fetchWebProfileInfo(ctx, params.handle?.username ?? "");
  return {
    data: basicProfile(profile, ctx.platform as BasicProfile["platform"]),
    source: "web_profile_info",
  };
}

/** The handler of `photosite.basic-profile` (its spec: `basicProfileSpec`). */
export const basicProfileHandler: HandlerFor<typeof basicProfileSpec, PhotositeEnv, PhotositeServices> = (
  params,
  ctx,
) => getBasicProfile(ctx, params);
