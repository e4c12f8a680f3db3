import { countField, formatDuration, parseDateLabel, relativeTimeField } from "@sda/text";
import { ORIGIN, watchUrl } from "../../inputs/site.ts";
import { largestImage } from "../innertube/images.ts";
import type { ChannelSummary } from "./owner.ts";
import type { VideoCard } from "./video-card.ts";

/** Canonical URL of a video or a short (`/shorts/<id>` for shorts, as the platform links them). */
export function videoUrl(videoId: string, isShort: boolean): string {
  return isShort ? `${ORIGIN}/shorts/${videoId}` : watchUrl(videoId);
}

/** The view label split for SPEC §2.2: a live card's "1,071 watching" is a concurrent-viewer count, not views. */
export interface ViewCounts {
  viewCount: number | null;
  viewCountText: string | null;
  viewCountIsApproximate: boolean;
  /** Concurrent viewers of a live stream ("1,071 watching"), else null. */
  watchingCount: number | null;
}

/** Reads a card's view label ("1.5m views", "No views", "1,071 watching"). */
export function viewCounts(label: string | null): ViewCounts {
  const field = countField(label);
  if (field.text && /\b(?:watching|waiting)\b/i.test(field.text))
    return {
      viewCount: null,
      viewCountText: field.text,
      viewCountIsApproximate: false,
      watchingCount: field.count,
    };
  // "No views": the platform prints no number for zero.
  const count = field.count ?? (field.text && /^no\b/i.test(field.text) ? 0 : null);
  return {
    viewCount: count,
    viewCountText: field.text,
    viewCountIsApproximate: field.isApproximate,
    watchingCount: null,
  };
}

/** A card's time label as SPEC §2.2 wants it: approximate time from a relative label, a day from a date label. */
export interface PublishedTime {
  publishedAt: string | null;
  publishedTimeText: string | null;
  publishedTimeIsApproximate: boolean;
}

/**
 * Reads a time label: "2 hours ago" / "Streamed 3 days ago" resolve against `reference` (the answer's `Date`);
 * "Streamed live on Jan 5, 2024" gives that day at midnight UTC. Both are approximate; labels of upcoming videos
 * ("Scheduled for …") give null.
 */
export function publishedTime(label: string | null, reference: Date): PublishedTime {
  const relative = relativeTimeField(label, reference);
  if (relative.iso)
    return { publishedAt: relative.iso, publishedTimeText: relative.text, publishedTimeIsApproximate: true };
  const day = parseDateLabel(label);
  return {
    publishedAt: day ? `${day}T00:00:00.000Z` : null,
    publishedTimeText: relative.text,
    publishedTimeIsApproximate: day !== null,
  };
}

/** One row of a channel or playlist video list (SPEC §2.10). */
export interface VideoRow extends ViewCounts, PublishedTime {
  id: string;
  url: string;
  title: string | null;
  durationSeconds: number | null;
  durationFormatted: string | null;
  /** List cards carry no category: always null on lists (the video-details operation has it). */
  genre: string | null;
  badges: string[];
  thumbnailUrl: string | null;
  channelName: string | null;
  channel: ChannelSummary | null;
  isShort: boolean;
  isLive: boolean;
  isUpcoming: boolean;
}

/**
 * Builds a SPEC §2.10 row from a card.
 * @param reference the `Date` of the answer the card came from (relative labels resolve against it).
 * @param owner the list's own channel, used when the card omits it (a channel's tab does not repeat its channel).
 */
export function videoRow(card: VideoCard, reference: Date, owner: ChannelSummary | null = null): VideoRow {
  const channel = card.channel ?? owner;
  return {
    id: card.videoId,
    url: videoUrl(card.videoId, card.isShort),
    title: card.title,
    ...publishedTime(card.publishedTimeText, reference),
    ...viewCounts(card.viewCountText),
    durationSeconds: card.durationSeconds,
    durationFormatted: card.durationSeconds === null ? null : formatDuration(card.durationSeconds),
    genre: null,
    badges: card.badges,
    thumbnailUrl: largestImage(card.thumbnails),
    channelName: channel?.title ?? null,
    channel,
    isShort: card.isShort,
    isLive: card.isLive,
    isUpcoming: card.isUpcoming,
  };
}
