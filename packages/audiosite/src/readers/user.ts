import type { z } from "zod";
import type { author, userProfile } from "../spec/shapes.ts";
import { arr, bool, idOf, int, obj, str, timeOf } from "./json.ts";
import type { PlatformName } from "./platform.ts";

/** A user as embedded in tracks, playlists and comments. */
export type Author = z.output<typeof author>;
/** A user profile. */
export type UserProfile = z.output<typeof userProfile>;

/** `soundcloud:users:<id>`. */
export const userUrn = (id: string) => `soundcloud:users:${id}`;

/** A country code as api-v2 gives it (`CA`), upper-cased; null unless two letters. */
const countryOf = (value: unknown) => {
  const code = str(value);
  return code && /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : null;
};

/**
 * An embedded user (`track.user`, `playlist.user`, `comment.user`, a followings row).
 * @returns null when the object has no id.
 */
export function readAuthor(value: unknown): Author | null {
  const user = obj(value);
  const id = idOf(user.id);
  if (!id) return null;
  return {
    id,
    urn: userUrn(id),
    username: str(user.permalink),
    displayName: str(user.username),
    url: str(user.permalink_url),
    avatar: str(user.avatar_url),
    verified: bool(user.verified),
    followers: int(user.followers_count),
    city: str(user.city),
    country: countryOf(user.country_code),
  };
}

/**
 * A user profile from `/users/<id>`, `/resolve` or a list row (`kind: "user"`).
 * @param platform the platform it is on (`platformOf(ctx)`).
 * @returns null when the object has no id.
 */
export function readUser(value: unknown, platform: PlatformName): UserProfile | null {
  const user = obj(value);
  const id = idOf(user.id);
  if (!id) return null;
  const badges = user.badges === undefined || user.badges === null ? null : obj(user.badges);
  const banner = arr(obj(user.visuals).visuals)
    .map((v) => str(obj(v).visual_url))
    .find((u) => u !== null);
  return {
    platform,
    id,
    urn: userUrn(id),
    username: str(user.permalink),
    displayName: str(user.username),
    fullName: str(user.full_name),
    url: str(user.permalink_url),
    bio: str(user.description),
    avatar: str(user.avatar_url),
    banner: banner ?? null,
    city: str(user.city),
    country: countryOf(user.country_code),
    followers: int(user.followers_count),
    following: int(user.followings_count),
    postCount: int(user.track_count),
    trackCount: int(user.track_count),
    playlistCount: int(user.playlist_count),
    likesCount: int(user.likes_count),
    playlistLikesCount: int(user.playlist_likes_count),
    commentsCount: int(user.comments_count),
    verified: bool(user.verified),
    badges: badges && {
      pro: bool(badges.pro),
      proUnlimited: bool(badges.pro_unlimited),
      creatorMidTier: bool(badges.creator_mid_tier),
      verified: bool(badges.verified),
    },
    plan: str(obj(obj(user.creator_subscription).product).id),
    createdAt: timeOf(user.created_at),
    lastModified: timeOf(user.last_modified),
  };
}
