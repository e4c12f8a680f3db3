import { epochSecondsToIso } from "@sda/text";
import { WEB_ORIGIN } from "../client/config.ts";
import type { JsonView } from "./json-view.ts";
import type { Location, Media, UserRef } from "./model.ts";

/** Small readers shared by the v1 and Graph media readers. */

/** An image or video version with its size. */
interface Version {
  url: string;
  area: number;
}

/** The largest version among `{url|src, width|config_width, height|config_height}` views; the first when unsized. */
export function largestVersion(versions: JsonView[]): string | null {
  const sized: Version[] = [];
  for (const version of versions) {
    const url = version.text("url") ?? version.text("src");
    if (!url) continue;
    const width = version.number("width") ?? version.number("config_width") ?? 0;
    const height = version.number("height") ?? version.number("config_height") ?? 0;
    sized.push({ url, area: width * height });
  }
  // A stable "max": the first of equal areas wins, so unsized lists keep the platform's order (best first).
  let best: Version | undefined;
  for (const version of sized) if (!best || version.area > best.area) best = version;
  return best?.url ?? null;
}

/** Whole seconds of a duration given in seconds with a fraction (`video_duration: 16.266`). */
export function wholeSeconds(seconds: number | null): number | null {
  return seconds === null || seconds < 0 ? null : Math.round(seconds);
}

/** Whole seconds of a duration in ms (`duration_in_ms`). */
export function msToSeconds(ms: number | null): number | null {
  return ms === null || ms < 0 ? null : Math.round(ms / 1000);
}

/** An epoch-seconds field as ISO, or null. */
export function epochIso(seconds: number | null): string | null {
  return seconds === null ? null : epochSecondsToIso(Math.trunc(seconds));
}

const HASHTAG = /(?:^|[^\p{L}\p{N}_&])#([\p{L}\p{N}\p{M}_]+)/gu;
const MENTION = /(?:^|[^\p{L}\p{N}_.])@([A-Za-z0-9._]{1,30})/gu;

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** Hashtags of a caption (without `#`, lower-cased as the platform's tag pages are, in order, unique). */
export function captionHashtags(caption: string | null): string[] {
  if (!caption) return [];
  return unique([...caption.matchAll(HASHTAG)].map((m) => (m[1] ?? "").toLowerCase()).filter(Boolean));
}

/** Usernames mentioned in a caption (without `@`, trailing dots dropped, in order, unique). */
export function captionMentions(caption: string | null): string[] {
  if (!caption) return [];
  return unique(
    [...caption.matchAll(MENTION)].map((m) => (m[1] ?? "").replace(/\.+$/, "").toLowerCase()).filter(Boolean),
  );
}

/** Canonical URL of a post (`/reel/` for reels, as the platform links them). */
export function mediaUrl(shortcode: string | null, isReel: boolean): string | null {
  return shortcode ? `${WEB_ORIGIN}/${isReel ? "reel" : "p"}/${shortcode}/` : null;
}

/** The fields of a media that both media readers (Graph node, v1 dict) fill alike, in the order of {@link Media}. */
export type MediaHead = Pick<
  Media,
  "id" | "shortcode" | "url" | "type" | "productType" | "isReel" | "caption" | "hashtags" | "mentions"
>;

/**
 * The first fields of a media read by either reader: its canonical URL ({@link mediaUrl}), the reel flag
 * (`product_type` `clips`), and the hashtags and mentions of its caption beside what the answer gave.
 */
export function mediaHead(
  read: Pick<Media, "id" | "shortcode" | "type" | "productType" | "caption">,
): MediaHead {
  const isReel = read.productType === "clips";
  return {
    id: read.id,
    shortcode: read.shortcode,
    url: mediaUrl(read.shortcode, isReel),
    type: read.type,
    productType: read.productType,
    isReel,
    caption: read.caption,
    hashtags: captionHashtags(read.caption),
    mentions: captionMentions(read.caption),
  };
}

/**
 * A user of either family: v1 (`pk`, `full_name`, `hd_profile_pic_url_info`) or Graph (`id`, `full_name`,
 * `profile_pic_url_hd`). Several views (e.g. an item's `user` and `owner`) are merged, the first non-null value
 * winning per field.
 * @returns null when none of the views is an object.
 */
export function readUser(...views: JsonView[]): UserRef | null {
  const users = views.filter((v) => v.isObject());
  if (users.length === 0) return null;
  const pick = <T>(read: (user: JsonView) => T | null): T | null => {
    for (const user of users) {
      const value = read(user);
      if (value !== null) return value;
    }
    return null;
  };
  return {
    id: pick((u) => u.id("pk") ?? u.id("id") ?? u.id("pk_id")),
    username: pick((u) => u.text("username")),
    fullName: pick((u) => u.string("full_name")),
    verified: pick((u) => u.bool("is_verified")),
    avatar: pick(
      (u) =>
        u.text("hd_profile_pic_url_info", "url") ?? u.text("profile_pic_url_hd") ?? u.text("profile_pic_url"),
    ),
    isPrivate: pick((u) => u.bool("is_private")),
  };
}

/** A location of either family (v1 `pk`, `lat`, `lng`; Graph `id`, `slug`). @returns null when absent. */
export function readLocation(location: JsonView): Location | null {
  if (!location.isObject()) return null;
  return {
    id: location.id("pk") ?? location.id("id") ?? location.id("facebook_places_id"),
    name: location.text("name") ?? location.text("short_name"),
    slug: location.text("slug"),
    address: location.text("address"),
    city: location.text("city"),
    lat: location.number("lat"),
    lng: location.number("lng"),
  };
}

/** True when the owner id is among the ids of a "pinned for users" list (ids or user objects). */
export function pinnedFor(list: JsonView[], ownerId: string | null): boolean {
  if (list.length === 0) return false;
  if (ownerId === null) return true;
  return list.some((entry) => (entry.id() ?? entry.id("id") ?? entry.id("pk")) === ownerId);
}
