import type { JsonView } from "./json-view.ts";
import type { Media, MediaChild } from "./model.ts";
import { readGraphMusic } from "./music.ts";
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
 * Reader of the Graph media node: the `edge_owner_to_timeline_media` nodes of `web_profile_info`, the embed page's
 * `gql_data.shortcode_media`, and the items of the retired `query_hash` GraphQL: `__typename` (`GraphImage`,
 * `GraphVideo`, `GraphSidecar`, `GraphStory*`), `id`, `shortcode`, `display_resources` / `display_url`, `video_url`,
 * `edge_sidecar_to_children`, `edge_media_to_caption`, `edge_liked_by`, `edge_media_to_comment`, `video_view_count`,
 * `taken_at_timestamp`, `owner`, `location`, `clips_music_attribution_info`.
 */

function graphType(node: JsonView): "image" | "video" | "carousel" | null {
  const typename = node.string("__typename") ?? "";
  if (typename.endsWith("Sidecar") || node.at("edge_sidecar_to_children").isObject()) return "carousel";
  const isVideo = node.bool("is_video");
  if (isVideo !== null) return isVideo ? "video" : "image";
  if (typename.endsWith("Video")) return "video";
  if (typename.endsWith("Image")) return "image";
  return null;
}

function image(node: JsonView): string | null {
  return (
    largestVersion(node.list("display_resources")) ?? node.text("display_url") ?? node.text("thumbnail_src")
  );
}

/** `video_url`, or the largest of `video_resources` (story items). */
function graphVideo(node: JsonView): string | null {
  return node.text("video_url") ?? largestVersion(node.list("video_resources"));
}

/** One slide of `edge_sidecar_to_children`. */
export function readGraphChild(node: JsonView): MediaChild {
  const type = graphType(node);
  return {
    id: node.id("id"),
    shortcode: node.text("shortcode"),
    type: type === "carousel" ? null : type,
    imageUrl: image(node),
    videoUrl: graphVideo(node),
    width: node.int("dimensions", "width"),
    height: node.int("dimensions", "height"),
    accessibilityCaption: node.text("accessibility_caption"),
  };
}

/** Reads one Graph media node. Never throws; absent parts are null. */
export function readGraphMedia(node: JsonView): Media {
  const shortcode = node.text("shortcode");
  const productType = node.text("product_type");
  const caption = node.edges("edge_media_to_caption")[0]?.string("text") ?? null;
  const children = node.edges("edge_sidecar_to_children").map(readGraphChild);
  const type = graphType(node);
  const author = readUser(node.at("owner"));
  return {
    ...mediaHead({ id: node.id("id"), shortcode, type, productType, caption }),
    takenAt: epochIso(node.number("taken_at_timestamp")),
    likeCount: node.int("edge_liked_by", "count") ?? node.int("edge_media_preview_like", "count"),
    commentCount:
      node.int("edge_media_to_comment", "count") ?? node.int("edge_media_to_parent_comment", "count"),
    viewCount: node.int("video_view_count"),
    playCount: node.int("video_play_count"),
    likeAndViewCountsDisabled: node.bool("like_and_view_counts_disabled"),
    durationSeconds: wholeSeconds(node.number("video_duration")),
    width: node.int("dimensions", "width"),
    height: node.int("dimensions", "height"),
    imageUrl: image(node),
    videoUrl: graphVideo(node),
    mediaCount: children.length || (type === null ? null : 1),
    children,
    author,
    location: readLocation(node.at("location")),
    music: readGraphMusic(node.at("clips_music_attribution_info")),
    isPaidPartnership: node.bool("is_paid_partnership"),
    sponsors: node
      .edges("edge_media_to_sponsor_user")
      .map((sponsor) => sponsor.text("sponsor", "username"))
      .filter((name): name is string => name !== null),
    commercialityStatus: null,
    isPinned: pinnedFor(node.list("pinned_for_users"), author?.id ?? null),
    accessibilityCaption: node.text("accessibility_caption"),
  };
}
