import { countField, countryCode, countryName, parseDateLabel } from "@sda/text";
import type { z } from "zod";
import { ORIGIN } from "../../inputs/site.ts";
import type { channelDetailsOutput } from "../../spec/channel-details.ts";
import { unwrapLink } from "../video/next-reader.ts";
import type { ChannelAbout } from "./about-reader.ts";
import type { ChannelHeader } from "./header-reader.ts";
import { findEmail, splitKeywords } from "./profile-text.ts";

/**
 * The channel details result (SPEC §2.8): the canonical profile core (`platform`, `id`, `username`, `url`,
 * `displayName`, `bio`, `avatar`, `banner`, `followers`, `postCount`, `verified`, `createdAt`), the videosite fields,
 * and the deprecated aliases of rule 3. `banner`, `country`, `countryName` and `email` are always keyed (null when
 * unknown); there is no `following`.
 */
export interface ChannelDetailsResult {
  /** The platform (`ctx.platform`, the spec's literal). */
  platform: z.output<typeof channelDetailsOutput>["platform"];
  /** `UC…` channel id. */
  id: string;
  /** Handle without `@` ("kurzgesagt"), or null when the channel has no handle. */
  username: string | null;
  /** `https://www.youtube.com/channel/<id>`: stable whatever the handle becomes. */
  url: string;
  displayName: string | null;
  bio: string | null;
  avatar: string | null;
  banner: string | null;
  /** Subscribers, expanded from the shown label ("8.84k" → 8840). */
  followers: number | null;
  followersText: string | null;
  followersIsApproximate: boolean;
  /** Public videos, as the header counts them. */
  postCount: number | null;
  verified: boolean | null;
  /** Join date `YYYY-MM-DD` (About panel), or null when the panel was not read. */
  createdAt: string | null;
  /** `https://www.youtube.com/@handle` when the handle is known, else the channel-id URL. */
  canonicalUrl: string;
  /** Lifetime views (About panel; exact). */
  viewCount: number | null;
  /** ISO-3166 alpha-2. */
  country: string | null;
  /** English name of `country`. */
  countryName: string | null;
  links: { text: string | null; url: string }[];
  /** An address published in the description or About text; never the sign-in-only business e-mail. */
  email: string | null;
  tags: string[];
  isFamilySafe: boolean | null;
  // Deprecated aliases (SPEC §2.8 rule 3), kept for one release.
  /** = displayName */
  name: string | null;
  /** `@handle` (with the at-sign, unlike `username`). */
  handle: string | null;
  /** = bio */
  description: string | null;
  /** = followers */
  subscriberCount: number | null;
  /** = postCount */
  videoCount: number | null;
  /** = avatar */
  thumbnailUrl: string | null;
  /** = banner */
  bannerUrl: string | null;
  /** = createdAt (`YYYY-MM-DD`) */
  joinedDate: string | null;
  /** createdAt as an ISO timestamp at midnight UTC. */
  joinedAt: string | null;
  /** True when the About panel could not be read: links, country, views and join date may be missing. */
  degraded: boolean;
  degradedReason: "partial-extraction" | null;
}

/** Absolute https URL of a link (redirect wrappers removed, `http:` upgraded, SPEC §2.8 `links`). */
function httpsLink(url: string): string | null {
  const absolute = unwrapLink(url);
  if (!absolute) return null;
  return absolute.startsWith("http:") ? `https:${absolute.slice(5)}` : absolute;
}

/**
 * Assembles SPEC §2.8 from the channel page's header and, when it could be read, the About panel.
 * @param aboutFailed true when the About request failed (sets `degraded`); a channel without an About panel is not
 *   degraded.
 * @param platform the platform (`ctx.platform`).
 */
export function buildChannelDetails(input: {
  platform: ChannelDetailsResult["platform"];
  channelId: string;
  header: ChannelHeader;
  about: ChannelAbout | null;
  aboutFailed: boolean;
}): ChannelDetailsResult {
  const { platform, channelId, header, about } = input;
  const handle = header.handle;
  const followers = countField(header.subscriberLabel ?? about?.subscriberCountText ?? header.subscriberText);
  const followersText = header.subscriberText ?? about?.subscriberCountText ?? followers.text;
  const videos = countField(header.videoCountText ?? about?.videoCountText);
  const createdAt = parseDateLabel(about?.joinedDateText);
  const code = countryCode(about?.country);
  const links = (about?.links.length ? about.links : header.headerLinks).flatMap((link) => {
    const url = httpsLink(link.url);
    return url ? [{ text: link.text, url }] : [];
  });
  const url = `${ORIGIN}/channel/${channelId}`;
  const bio = header.description ?? about?.description ?? null;
  return {
    platform,
    id: channelId,
    username: handle ? handle.replace(/^@/, "") : null,
    url,
    displayName: header.title,
    bio,
    avatar: header.avatarUrl,
    banner: header.bannerUrl,
    followers: followers.count,
    followersText,
    followersIsApproximate: followers.isApproximate,
    postCount: videos.count,
    verified: header.verified,
    createdAt,
    canonicalUrl: handle ? `${ORIGIN}/${handle}` : url,
    viewCount: countField(about?.viewCountText).count,
    country: code,
    countryName: code ? countryName(code) : (about?.country ?? null),
    links,
    email: findEmail(bio, about?.description),
    tags: splitKeywords(header.keywords),
    isFamilySafe: header.isFamilySafe,
    name: header.title,
    handle,
    description: bio,
    subscriberCount: followers.count,
    videoCount: videos.count,
    thumbnailUrl: header.avatarUrl,
    bannerUrl: header.bannerUrl,
    joinedDate: createdAt,
    joinedAt: createdAt ? `${createdAt}T00:00:00.000Z` : null,
    degraded: input.aboutFailed,
    degradedReason: input.aboutFailed ? "partial-extraction" : null,
  };
}
