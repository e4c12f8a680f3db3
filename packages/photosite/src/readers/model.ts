/**
 * The service's shapes of photosite data, read from both answer families of the platform: the v1 / GraphQL `xdt_*`
 * media dicts (`pk`, `code`, `image_versions2`, `carousel_media`, `clips_metadata`) and the older Graph nodes
 * (`__typename: Graph*`, `shortcode`, `display_url`, `edge_*`) of `web_profile_info`, the embed page and the retired
 * `query_hash` GraphQL. Every field is null when the answer does not carry it.
 */

/** A profile as it appears on a post, a comment or a search hit. */
export interface UserRef {
  /** The numeric user pk as a string. */
  id: string | null;
  username: string | null;
  fullName: string | null;
  verified: boolean | null;
  /** Profile picture URL (the HD one when the answer has it). */
  avatar: string | null;
  isPrivate: boolean | null;
}

/** A place attached to a post. */
export interface Location {
  id: string | null;
  name: string | null;
  /** URL slug of the place page (Graph answers only). */
  slug: string | null;
  address: string | null;
  city: string | null;
  lat: number | null;
  lng: number | null;
}

/** The sound of a reel: licensed music or an original sound. */
export interface Music {
  /** The audio cluster id (the `audioId` of reels-by-audio-id), when the answer gives it. */
  audioId: string | null;
  title: string | null;
  artist: string | null;
  /** True for an original sound (a creator's own audio), false for licensed music. */
  isOriginalSound: boolean | null;
  durationSeconds: number | null;
  isTrendingInClips: boolean | null;
  trendRank: number | null;
  /** The account that owns an original sound, or the artist's account of licensed music. */
  owner: UserRef | null;
}

/** One slide of a carousel. */
export interface MediaChild {
  id: string | null;
  shortcode: string | null;
  type: "image" | "video" | null;
  imageUrl: string | null;
  videoUrl: string | null;
  width: number | null;
  height: number | null;
  accessibilityCaption: string | null;
}

/** A post, reel or carousel. */
export interface Media {
  /** The media id (`pk`) as a decimal string. */
  id: string | null;
  shortcode: string | null;
  /** `https://www.instagram.com/p/<shortcode>/` (`/reel/` for reels). */
  url: string | null;
  type: "image" | "video" | "carousel" | null;
  /** The platform's product type: `feed`, `clips` (reel), `igtv`, `carousel_container`, `story`. */
  productType: string | null;
  isReel: boolean;
  caption: string | null;
  /** Hashtags of the caption, without `#`, in order, unique. */
  hashtags: string[];
  /** Usernames mentioned in the caption, without `@`, in order, unique. */
  mentions: string[];
  /** ISO-8601 UTC time the post was taken (published). */
  takenAt: string | null;
  likeCount: number | null;
  commentCount: number | null;
  /** Video views (`view_count`, `video_view_count`). */
  viewCount: number | null;
  /** Reel plays (`play_count`, which the platform shows as the reel's views). */
  playCount: number | null;
  /** The author hid like and view counts (the counts may then be absent or rounded). */
  likeAndViewCountsDisabled: boolean | null;
  /** Video length in whole seconds. */
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
  /** The largest image version (the cover frame of a video). */
  imageUrl: string | null;
  /** The largest video version. */
  videoUrl: string | null;
  /** Slides of a carousel (1 for a single image or video). */
  mediaCount: number | null;
  children: MediaChild[];
  author: UserRef | null;
  location: Location | null;
  music: Music | null;
  isPaidPartnership: boolean | null;
  /** Sponsor accounts of a paid partnership (usernames). */
  sponsors: string[];
  /** `not_commercial` / `commercial` as the platform classifies the post, when given. */
  commercialityStatus: string | null;
  /** Pinned to the top of its author's grid or reels tab. */
  isPinned: boolean;
  accessibilityCaption: string | null;
}
