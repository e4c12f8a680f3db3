import { countField, formatDuration } from "@sda/text";
import { largestImage } from "../innertube/images.ts";
import type { ChannelSummary } from "../listing/owner.ts";
import { publishedTime, videoUrl, viewCounts } from "../listing/rows.ts";
import type { VideoCard } from "../listing/video-card.ts";

/** Fields every search hit has (SPEC §2.9). */
interface HitBase {
  id: string;
  url: string;
  title: string | null;
  thumbnailUrl: string | null;
  channelName: string | null;
  channelId: string | null;
  /** `{ id, title, handle, url, thumbnail }` of the uploader (the channel itself on channel hits). */
  channel: ChannelSummary | null;
  /** Badges as shown: "New", "4K", "CC", "LIVE", "Verified" (channels), … */
  badges: string[];
}

/** A video, a short or a live stream. */
export interface VideoHit extends HitBase {
  type: "video" | "short" | "live";
  /** Approximate ISO time derived from the label (list cards carry no exact time). */
  publishedAt: string | null;
  publishedTimeApprox: string | null;
  publishedTimeIsApproximate: boolean;
  publishedTimeText: string | null;
  viewCount: number | null;
  viewCountText: string | null;
  viewCountIsApproximate: boolean;
  /** Concurrent viewers of a live stream ("1,071 watching"); null otherwise. */
  watchingCount: number | null;
  durationSeconds: number | null;
  durationFormatted: string | null;
  description: string | null;
  /** A scheduled premiere or stream. */
  isUpcoming: boolean;
}

/** A channel. */
export interface ChannelHit extends HitBase {
  type: "channel";
  handle: string | null;
  description: string | null;
  /** Subscribers expanded from the label ("234 thousand subscribers"); only channel hits carry it. */
  subscriberCount: number | null;
  subscriberCountText: string | null;
  subscriberCountIsApproximate: boolean;
  videoCount: number | null;
  verified: boolean;
}

/** A playlist (or a podcast / mix). */
export interface PlaylistHit extends HitBase {
  type: "playlist";
  videoCount: number | null;
  videoCountText: string | null;
  /** "Updated yesterday", "Updated 3 days ago" when shown. */
  updatedText: string | null;
}

/**
 * A titled shelf of videos that the platform inserts into the results ("Popular in Lyon", "From health sources",
 * "People also watched"). It counts as one result; its videos are in `items`, not in the other partitions. Shorts
 * shelves are not shelves here: their shorts are results of the query, listed as `short` hits.
 */
export interface ShelfHit {
  type: "shelf";
  id: null;
  url: null;
  title: string | null;
  items: VideoHit[];
}

/** Any search result. */
export type SearchHit = VideoHit | ChannelHit | PlaylistHit | ShelfHit;

/**
 * Builds a video/short/live hit from a card.
 * @param reference the answer's `Date` (relative labels resolve against it).
 */
export function videoHit(card: VideoCard, reference: Date): VideoHit {
  const time = publishedTime(card.publishedTimeText, reference);
  const views = viewCounts(card.viewCountText);
  return {
    type: card.isLive ? "live" : card.isShort ? "short" : "video",
    id: card.videoId,
    url: videoUrl(card.videoId, card.isShort),
    title: card.title,
    thumbnailUrl: largestImage(card.thumbnails),
    channelName: card.channel?.title ?? null,
    channelId: card.channel?.id ?? null,
    channel: card.channel,
    badges: card.badges,
    publishedAt: time.publishedAt,
    publishedTimeApprox: time.publishedAt,
    publishedTimeIsApproximate: time.publishedTimeIsApproximate,
    publishedTimeText: time.publishedTimeText,
    ...views,
    durationSeconds: card.durationSeconds,
    durationFormatted: card.durationSeconds === null ? null : formatDuration(card.durationSeconds),
    description: card.description,
    isUpcoming: card.isUpcoming,
  };
}

/** Subscriber count from a label, preferring the exact-words accessibility form ("1.15 million subscribers"). */
export function subscriberCount(label: string | null, exactWords: string | null) {
  const field = countField(exactWords ?? label);
  return { count: field.count, text: label ?? field.text, isApproximate: field.isApproximate };
}

/** The SPEC §2.9 partitions of `results`: every result in exactly one list. */
export interface SearchPartitions {
  videos: VideoHit[];
  shorts: VideoHit[];
  channels: ChannelHit[];
  playlists: PlaylistHit[];
  lives: VideoHit[];
  shelves: ShelfHit[];
}

/** Splits results by type; a live stream is only in `lives`. Their lengths sum to `results.length`. */
export function partition(results: readonly SearchHit[]): SearchPartitions {
  const parts: SearchPartitions = {
    videos: [],
    shorts: [],
    channels: [],
    playlists: [],
    lives: [],
    shelves: [],
  };
  for (const hit of results) {
    if (hit.type === "shelf") parts.shelves.push(hit);
    else if (hit.type === "channel") parts.channels.push(hit);
    else if (hit.type === "playlist") parts.playlists.push(hit);
    else if (hit.type === "live") parts.lives.push(hit);
    else if (hit.type === "short") parts.shorts.push(hit);
    else parts.videos.push(hit);
  }
  return parts;
}
