import { exactMediaId } from "../inputs/shortcode.ts";
import type { JsonView } from "./json-view.ts";
import type { Media, MediaChild } from "./model.ts";
import { readClipsMusic } from "./music.ts";
import {
  epochIso,
  largestVersion,
  mediaHead,
  pinnedFor,
  readLocation,
  readUser,
  wholeSeconds,
} from "./parts.ts";

/**
 * Reader of the v1 media dict, the shape of `/api/v1/media/<pk>/info/` `items[]`, the GraphQL `xdt_*` nodes
 * (`XDTMediaDict`: post, profile timeline, tagged, reels tab `node.media`), `/api/v1/clips/*` `items[].media`, hashtag
 * sections and highlight items: `pk`, `code`, `media_type` (1 image, 2 video, 8 carousel), `product_type`,
 * `image_versions2.candidates`, `video_versions`, `carousel_media`, `caption.text`, `taken_at`, counts, `user` /
 * `owner`, `location`, `clips_metadata`.
 */

const TYPES: Record<number, Media["type"]> = { 1: "image", 2: "video", 8: "carousel" };

function childType(item: JsonView): MediaChild["type"] {
  const type = item.int("media_type");
  return type === 2 ? "video" : type === 1 ? "image" : null;
}

/** One slide of `carousel_media`. */
export function readV1Child(item: JsonView): MediaChild {
  const shortcode = item.text("code");
  return {
    id: exactMediaId(item.at("pk").value, item.at("id").value, shortcode),
    shortcode,
    type: childType(item),
    imageUrl: largestVersion(item.list("image_versions2", "candidates")),
    videoUrl: largestVersion(item.list("video_versions")),
    width: item.int("original_width"),
    height: item.int("original_height"),
    accessibilityCaption: item.text("accessibility_caption"),
  };
}

/** Reads one v1 media dict. Never throws; absent parts are null. */
export function readV1Media(item: JsonView): Media {
  const shortcode = item.text("code");
  const productType = item.text("product_type");
  const caption = item.string("caption", "text");
  const children = item.list("carousel_media").map(readV1Child);
  const type = TYPES[item.int("media_type") ?? -1] ?? null;
  const author = readUser(item.at("user"), item.at("owner"));
  const music = readClipsMusic(item.at("clips_metadata")) ?? readClipsMusic(item.at("music_metadata"));
  return {
    ...mediaHead({
      id: exactMediaId(item.at("pk").value, item.at("id").value, shortcode),
      shortcode,
      type,
      productType,
      caption,
    }),
    takenAt: epochIso(item.number("taken_at")),
    likeCount: item.int("like_count"),
    commentCount: item.int("comment_count"),
    viewCount: item.int("view_count"),
    playCount: item.int("play_count") ?? item.int("ig_play_count"),
    likeAndViewCountsDisabled: item.bool("like_and_view_counts_disabled"),
    durationSeconds: wholeSeconds(item.number("video_duration")),
    width: item.int("original_width"),
    height: item.int("original_height"),
    imageUrl: largestVersion(item.list("image_versions2", "candidates")),
    videoUrl: largestVersion(item.list("video_versions")),
    mediaCount: item.int("carousel_media_count") ?? (children.length || (type === null ? null : 1)),
    children,
    author,
    location: readLocation(item.at("location")),
    music,
    isPaidPartnership: item.bool("is_paid_partnership"),
    sponsors: item
      .list("sponsor_tags")
      .map((tag) => tag.text("sponsor", "username") ?? tag.text("username"))
      .filter((name): name is string => name !== null),
    commercialityStatus: item.text("commerciality_status"),
    isPinned:
      pinnedFor(item.list("timeline_pinned_user_ids"), author?.id ?? null) ||
      pinnedFor(item.list("clips_tab_pinned_user_ids"), author?.id ?? null),
    accessibilityCaption: item.text("accessibility_caption"),
  };
}
