import { component, count, timestamp, url } from "@sda/contract";
import { z } from "zod";

/**
 * The photo platform's shapes shared by its operations' outputs (SPEC §2.11), built on core's shared ones. The
 * platform answers two families of media dicts (v1/GraphQL `xdt_*` and the older Graph nodes): every field either may
 * lack is nullable.
 */

/** A profile as it appears on a post, a comment or a search hit. */
export const userRef = component(
  "PhotositeUser",
  z.object({
    id: z.string().nullable().describe("The numeric user pk as a string."),
    username: z.string().nullable(),
    fullName: z.string().nullable(),
    verified: z.boolean().nullable(),
    avatar: url.nullable().describe("Profile picture URL (HD when the answer has it)."),
    isPrivate: z.boolean().nullable(),
  }),
  "A profile as a post, comment or search hit shows it.",
);

/** A place attached to a post. */
const location = component(
  "PhotositeLocation",
  z.object({
    id: z.string().nullable(),
    name: z.string().nullable(),
    slug: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
  }),
  "A place attached to a post.",
);

const musicFields = {
  audioId: z.string().nullable().describe("The audio cluster id (the `audioId` of reels-by-audio-id)."),
  title: z.string().nullable(),
  artist: z.string().nullable(),
  isOriginalSound: z.boolean().nullable().describe("A creator's own audio (false: licensed music)."),
  durationSeconds: z.number().min(0).nullable(),
  owner: userRef.nullable(),
};

/** The sound of a reel (SPEC §2.11 `music{}`). */
export const music = component(
  "PhotositeMusic",
  z.object({
    ...musicFields,
    isTrendingInClips: z.boolean().nullable(),
    trendRank: count.nullable(),
  }),
  "The sound of a reel: licensed music or an original sound.",
);

/** The sound of reels-by-audio-id (its trend fields are top-level there). */
export const musicWithoutTrend = component(
  "PhotositeSound",
  z.object(musicFields),
  "The sound: title, artist, duration, original-sound flag and owner.",
);

/** One slide of a carousel (SPEC §2.11 `children[]`). */
const mediaChild = component(
  "PhotositeMediaChild",
  z.object({
    id: z.string().nullable(),
    shortcode: z.string().nullable(),
    type: z.string().nullable().describe("`image` or `video`."),
    imageUrl: url.nullable(),
    videoUrl: url.nullable(),
    width: count.nullable(),
    height: count.nullable(),
    accessibilityCaption: z.string().nullable(),
  }),
  "One slide of a carousel.",
);

/** A post, reel or carousel, without its author (lists name it `user`, details `author`). */
export const mediaFields = {
  id: z.string().nullable().describe("The media id (`pk`) as a decimal string."),
  shortcode: z.string().nullable(),
  url: url.nullable().describe("`https://www.instagram.com/p/<shortcode>/` (`/reel/` for reels)."),
  type: z.string().nullable().describe("`image`, `video` or `carousel`."),
  productType: z.string().nullable().describe("`feed`, `clips` (reel), `igtv`, `carousel_container`, …"),
  isReel: z.boolean(),
  caption: z.string().nullable(),
  hashtags: z.array(z.string()),
  mentions: z.array(z.string()),
  takenAt: timestamp.nullable().describe("When the post was published."),
  likeCount: count.nullable(),
  commentCount: count.nullable(),
  viewCount: count.nullable(),
  playCount: count.nullable().describe("Reel plays (what the platform shows as a reel's views)."),
  likeAndViewCountsDisabled: z.boolean().nullable(),
  durationSeconds: z.number().min(0).nullable(),
  width: count.nullable(),
  height: count.nullable(),
  imageUrl: url.nullable().describe("The largest image version (the cover frame of a video)."),
  videoUrl: url.nullable(),
  mediaCount: count.nullable().describe("Slides of a carousel (1 for a single image or video)."),
  children: z.array(mediaChild),
  location: location.nullable(),
  music: music.nullable(),
  isPaidPartnership: z.boolean().nullable(),
  sponsors: z.array(z.string()),
  commercialityStatus: z.string().nullable(),
  isPinned: z.boolean(),
  accessibilityCaption: z.string().nullable(),
};

/** A post row of a list (`posts[]`): the media with its author as `user`. */
export const postRow = component(
  "PhotositePost",
  z.object({ ...mediaFields, user: userRef.nullable() }),
  "A post, reel or carousel of a list; its author is `user`.",
);

const reelFields = {
  ...mediaFields,
  user: userRef.nullable(),
  engagement: z
    .object({ views: count.nullable(), likes: count.nullable(), comments: count.nullable() })
    .describe("`views` is the reel's plays when given, else its video views."),
  viewsSource: z
    .string()
    .nullable()
    .describe("Which count `engagement.views` is: `play_count` or `view_count`."),
};

/** A reel row of a list (`reels[]`): a post row plus its engagement. */
export const reelRow = component(
  "PhotositeReel",
  z.object(reelFields),
  "A reel of a list: the post fields plus `engagement` and `viewsSource`.",
);

/** A reel of trending-reels: a reel row plus its rank. */
export const trendingReel = component(
  "PhotositeTrendingReel",
  z.object({ ...reelFields, trendRank: count }),
  "A trending reel: the reel fields plus its rank.",
);

/** A comment of a post or reel. */
export const comment = component(
  "PhotositeComment",
  z.object({
    id: z.string(),
    text: z.string(),
    author: userRef.nullable(),
    likeCount: count.nullable(),
    replyCount: count.nullable(),
    createdAt: timestamp.nullable(),
    parentId: z.string().nullable().describe("The comment this one answers; null for a top-level comment."),
    isPinned: z.boolean(),
    isLikedByCreator: z.boolean().describe("The creator heart."),
    isCovered: z.boolean().describe("Hidden behind the platform's filter."),
  }),
  "A comment of a post or reel.",
);

/** A business address (`business_address_json` or the v1 address fields). */
export const businessAddress = component(
  "PhotositeBusinessAddress",
  z.object({
    street: z.string().nullable(),
    city: z.string().nullable(),
    cityId: z.string().nullable(),
    zipCode: z.string().nullable(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
  }),
  "A business profile's address.",
);

/** A story highlight album. */
export const highlightAlbum = component(
  "PhotositeHighlight",
  z.object({
    id: z.string(),
    title: z.string().nullable(),
    cover: url.nullable(),
    owner: userRef.nullable(),
    itemCount: count.nullable(),
    createdAt: timestamp.nullable(),
  }),
  "A story highlight album: id, title, cover, owner.",
);

/** One item of a highlight album. */
export const highlightItem = component(
  "PhotositeHighlightItem",
  z.object({
    id: z.string().nullable(),
    highlightId: z.string(),
    type: z.string().nullable().describe("`image` or `video`."),
    takenAt: timestamp.nullable(),
    imageUrl: url.nullable(),
    videoUrl: url.nullable(),
    width: count.nullable(),
    height: count.nullable(),
    durationSeconds: z.number().min(0).nullable(),
  }),
  "An item of a highlight album: media URLs, type, `takenAt`.",
);
