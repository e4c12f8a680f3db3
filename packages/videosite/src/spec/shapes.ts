import { approximateTime, component, count, countWithLabel, timestamp, url } from "@sda/contract";
import { z } from "zod";

/**
 * The video platform's shapes shared by several of its operations' outputs (SPEC §2.6–§2.10), built on core's shared
 * ones. Every platform-read field is nullable; flags the service computes are not.
 */

/** A thumbnail (`thumbnails[]`): URL and pixel size when given. */
export const thumbnail = component(
  "VideositeThumbnail",
  z.object({ url, width: count.nullable(), height: count.nullable() }),
  "A thumbnail image: URL, width and height in pixels (null when the platform omits them).",
);

/** SPEC §2.9 `channel`, §2.10 nested channel: the uploader of a list card. */
export const channelSummary = component(
  "VideositeChannelSummary",
  z.object({
    id: z.string().nullable().describe("`UC…` channel id; null when the card does not link the channel."),
    title: z.string().nullable(),
    handle: z.string().nullable().describe("`@handle` when the card links the channel by handle."),
    url: url.nullable(),
    thumbnail: url.nullable().describe("Avatar URL when the card shows one."),
  }),
  "The channel of a list card or a search hit.",
);

/** SPEC §2.2 / §2.10: a card's time label, as an approximate `publishedAt`. */
const publishedTime = {
  publishedAt: timestamp
    .nullable()
    .describe("Exact on the feed path; from the relative label (approximate) on list cards."),
  publishedTimeText: z.string().nullable().describe("The time label as shown (`3 weeks ago`)."),
  publishedTimeIsApproximate: z.boolean(),
};

/** SPEC §2.10: one row of a channel, shorts or playlist list (feed rows add their own fields). */
export const videoRow = component(
  "VideositeVideoRow",
  z.object({
    id: z.string(),
    url,
    title: z.string().nullable(),
    ...publishedTime,
    ...countWithLabel("viewCount"),
    watchingCount: count.nullable().describe("Concurrent viewers of a live stream (`1,071 watching`)."),
    durationSeconds: z.int().min(0).nullable().describe("Whole seconds."),
    durationFormatted: z.string().nullable().describe("`m:ss` or `h:mm:ss`."),
    genre: z.string().nullable().describe("Always null on lists (video details has it)."),
    badges: z.array(z.string()),
    thumbnailUrl: url.nullable(),
    channelName: z.string().nullable(),
    channel: channelSummary.nullable(),
    isShort: z.boolean(),
    isLive: z.boolean(),
    isUpcoming: z.boolean(),
    position: count.nullable().optional().describe("Playlist rows: 1-based position in the playlist."),
    commentCount: count.nullable().optional().describe("Shorts rows only (always keyed there, often null)."),
    commentCountText: z.string().nullable().optional(),
    description: z.string().nullable().optional().describe("Feed rows (`fast=true`) only."),
    likeCount: count.nullable().optional().describe("Feed rows only: exact likes."),
    updatedAt: timestamp.nullable().optional().describe("Feed rows only: last edit of the entry."),
  }),
  "A video, short or live row of a channel or playlist list. Feed rows (`fast=true`) carry an exact " +
    "`publishedAt` and `description`, `likeCount`, `updatedAt`; playlist rows `position`; shorts `commentCount`.",
);

/** SPEC §2.7: one comment, top-level or reply. */
export const comment = component(
  "VideositeComment",
  z.object({
    id: z.string().describe("Pass to comment-replies (with the video URL) to read its replies."),
    parentId: z
      .string()
      .nullable()
      .describe("The top-level comment a reply answers; null on top-level comments."),
    author: z.string().nullable(),
    authorChannelId: z.string().nullable(),
    authorAvatarUrl: url.nullable(),
    authorIsVerified: z.boolean(),
    authorIsChannelOwner: z.boolean(),
    authorIsArtist: z.boolean(),
    text: z.string(),
    ...countWithLabel("likeCount"),
    replyCount: count.nullable(),
    hasCreatorHeart: z.boolean(),
    hasCreatorReply: z.boolean(),
    isPinned: z.boolean(),
    isEdited: z.boolean(),
    ...approximateTime("publishedTime"),
    repliesCursor: z
      .string()
      .nullable()
      .describe("`cursor` for comment-replies that starts this thread's replies; null without replies."),
  }),
  "A comment: compact like labels expanded, the relative time approximated.",
);

/** Search hits (SPEC §2.9): what every hit has. */
const hitBase = {
  id: z.string(),
  url,
  title: z.string().nullable(),
  thumbnailUrl: url.nullable(),
  channelName: z.string().nullable(),
  channelId: z.string().nullable(),
  channel: channelSummary.nullable(),
  badges: z.array(z.string()),
};

/** A video, short or live hit. */
export const videoHit = component(
  "VideositeVideoHit",
  z.object({
    type: z.enum(["video", "short", "live"]),
    ...hitBase,
    publishedAt: timestamp.nullable().describe("Approximate: derived from the label."),
    ...approximateTime("publishedTime"),
    ...countWithLabel("viewCount"),
    watchingCount: count.nullable(),
    durationSeconds: z.int().min(0).nullable(),
    durationFormatted: z.string().nullable(),
    description: z.string().nullable(),
    isUpcoming: z.boolean(),
  }),
  "A video, short or live stream in search results.",
);

const channelHit = component(
  "VideositeChannelHit",
  z.object({
    type: z.literal("channel"),
    ...hitBase,
    handle: z.string().nullable(),
    description: z.string().nullable(),
    ...countWithLabel("subscriberCount"),
    videoCount: count.nullable(),
    verified: z.boolean(),
  }),
  "A channel in search results.",
);

const playlistHit = component(
  "VideositePlaylistHit",
  z.object({
    type: z.literal("playlist"),
    ...hitBase,
    videoCount: count.nullable(),
    videoCountText: z.string().nullable(),
    updatedText: z.string().nullable(),
  }),
  "A playlist (or mix, podcast) in search results.",
);

const shelfHit = component(
  "VideositeShelfHit",
  z.object({
    type: z.literal("shelf"),
    id: z.null(),
    url: z.null(),
    title: z.string().nullable(),
    items: z.array(videoHit),
  }),
  "A titled shelf of videos the platform inserts into results; its videos are in `items` only.",
);

/** Any search hit, told apart by `type`. */
export const searchHit = z.discriminatedUnion("type", [videoHit, channelHit, playlistHit, shelfHit]);

/** The SPEC §2.9 partitions of `results`. */
export const searchPartitions = {
  videos: z.array(videoHit),
  shorts: z.array(videoHit),
  channels: z.array(channelHit),
  playlists: z.array(playlistHit),
  lives: z.array(videoHit),
  shelves: z.array(shelfHit),
};
