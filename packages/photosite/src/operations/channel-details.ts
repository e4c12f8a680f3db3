import type { HandlerFor } from "@sda/contract";
import { ServiceError } from "@sda/core";
import type { z } from "zod";
import type { PhotositeContext } from "../client/context.ts";
import { withFallback } from "../client/fallback.ts";
import { fetchProfilePage, fetchWebProfileInfo } from "../client/profile.ts";
import type { PhotositeEnv } from "../env.ts";
import { type ProfileRef, profileUrl } from "../inputs/params.ts";
import type { BioLink, BusinessAddress, Profile } from "../readers/profile.ts";
import type { PhotositeServices } from "../services.ts";
import type { channelDetailsOutput, channelDetailsSpec } from "../spec/channel-details.ts";

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;

/**
 * `data` of channel-details: the canonical profile core of SPEC §2.8 plus the fixed photosite key set (every key
 * present, null when unknown).
 */
export interface ChannelDetails {
  /** The platform (`ctx.platform`, the spec's literal). */
  platform: z.output<typeof channelDetailsOutput>["platform"];
  id: string | null;
  username: string;
  url: string;
  displayName: string | null;
  bio: string | null;
  avatar: string | null;
  /** The platform has no profile banner: always null (the avatar is never substituted). */
  banner: null;
  followers: number | null;
  followersIsApproximate: boolean;
  followersText: string | null;
  following: number | null;
  followingIsApproximate: boolean;
  postCount: number | null;
  postCountIsApproximate: boolean;
  verified: boolean | null;
  /** The platform does not publish a join date on these answers: always null. */
  createdAt: null;
  fbid: string | null;
  bioLinks: BioLink[];
  externalUrl: string | null;
  isPrivate: boolean | null;
  isBusinessAccount: boolean | null;
  isProfessionalAccount: boolean | null;
  businessCategory: string | null;
  category: string | null;
  businessAddress: BusinessAddress | null;
  /** The public business email, else an email published in the bio. */
  email: string | null;
  phone: string | null;
  businessContactMethod: string | null;
  highlightCount: number | null;
  hasClips: boolean | null;
  pronouns: string[];
}

/** Builds the channel-details `data` from a read profile. */
export function channelDetails(
  profile: Profile,
  username: string,
  platform: ChannelDetails["platform"],
): ChannelDetails {
  const name = profile.username ?? username;
  return {
    platform,
    id: profile.id,
    username: name,
    url: profileUrl(name),
    displayName: profile.fullName || null,
    bio: profile.bio || null,
    avatar: profile.avatar,
    banner: null,
    followers: profile.followers.value,
    followersIsApproximate: profile.followers.approximate,
    followersText: profile.followers.text,
    following: profile.following.value,
    followingIsApproximate: profile.following.approximate,
    postCount: profile.postCount.value,
    postCountIsApproximate: profile.postCount.approximate,
    verified: profile.verified,
    createdAt: null,
    fbid: profile.fbid,
    bioLinks: profile.bioLinks,
    externalUrl: profile.externalUrl,
    isPrivate: profile.isPrivate,
    isBusinessAccount: profile.isBusinessAccount,
    isProfessionalAccount: profile.isProfessionalAccount,
    businessCategory: profile.businessCategory,
    category: profile.category,
    businessAddress: profile.businessAddress,
    email: profile.businessEmail ?? EMAIL.exec(profile.bio ?? "")?.[0] ?? null,
    phone: profile.businessPhone,
    businessContactMethod: profile.businessContactMethod,
    highlightCount: profile.highlightCount,
    hasClips: profile.hasClips,
    pronouns: profile.pronouns,
  };
}

/**
 * Profile stats: `web_profile_info`, or, when the platform refuses it (login wall, block, no answer), the
 * logged-out profile page's meta tags (counts from labels, flagged approximate when compact).
 * @returns source `web_profile_info` or `profile_page`.
 * @throws ServiceError 404 `profile_not_found`; 502 `upstream_rate_limited` at once; else the first path's error.
 */
export async function getChannelDetails(
  ctx: PhotositeContext,
  target: ProfileRef,
): Promise<{ data: ChannelDetails; source: string }> {
  const { value, fellBack } = await withFallback(
    ctx,
    "web_profile_info",
    async () => (await fetchWebProfileInfo(ctx, target.username)).profile,
    () => fetchProfilePage(ctx, target.username),
    (error) => error instanceof ServiceError && error.code === "profile_not_found",
  );
  return {
    data: channelDetails(value, target.username, ctx.platform as ChannelDetails["platform"]),
    source: fellBack ? "profile_page" : "web_profile_info",
  };
}

/** The handler of `photosite.channel-details` (its spec: `channelDetailsSpec`). */
export const channelDetailsHandler: HandlerFor<typeof channelDetailsSpec, PhotositeEnv, PhotositeServices> = (
  params,
  ctx,
) => getChannelDetails(ctx, params.url);
