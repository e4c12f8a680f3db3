import { countField } from "@sda/text";
import { largestImage } from "../innertube/images.ts";
import type { ChannelSummary } from "../listing/owner.ts";
import { publishedTime } from "../listing/rows.ts";
import type { Thumbnail } from "../video/player-reader.ts";
import type { PlaylistHeader } from "./header-reader.ts";

/** The playlist details result (`GET /v1/videosite/playlist-details`; SPEC §4.2 rule 3 names it, fields are ours). */
export interface PlaylistDetailsResult {
  id: string;
  url: string;
  title: string | null;
  description: string | null;
  /** The owner channel; null for platform-generated lists without one. */
  channel: ChannelSummary | null;
  channelName: string | null;
  channelId: string | null;
  videoCount: number | null;
  videoCountText: string | null;
  viewCount: number | null;
  viewCountText: string | null;
  viewCountIsApproximate: boolean;
  /** Last update: approximate ISO time from "Updated 4 days ago", midnight UTC of "Last updated on Mar 11, 2020". */
  lastUpdated: string | null;
  lastUpdatedText: string | null;
  lastUpdatedIsApproximate: boolean;
  thumbnailUrl: string | null;
  thumbnails: Thumbnail[];
  isUnlisted: boolean | null;
}

/**
 * Assembles the playlist details from its header.
 * @param reference the header answer's `Date` (relative "Updated …" labels resolve against it).
 */
export function buildPlaylistDetails(
  playlist: { playlistId: string; url: string },
  header: PlaylistHeader,
  reference: Date,
): PlaylistDetailsResult {
  const videos = countField(header.videoCountText);
  const views = countField(header.viewCountText);
  const updated = publishedTime(header.lastUpdatedText, reference);
  return {
    id: playlist.playlistId,
    url: playlist.url,
    title: header.title,
    description: header.description,
    channel: header.owner,
    channelName: header.owner?.title ?? null,
    channelId: header.owner?.id ?? null,
    videoCount: videos.count,
    videoCountText: videos.text,
    // "No views" has no number: zero.
    viewCount: views.count ?? (views.text && /^no\b/i.test(views.text) ? 0 : null),
    viewCountText: views.text,
    viewCountIsApproximate: views.isApproximate,
    lastUpdated: updated.publishedAt,
    lastUpdatedText: updated.publishedTimeText,
    lastUpdatedIsApproximate: updated.publishedTimeIsApproximate,
    thumbnailUrl: largestImage(header.thumbnails),
    thumbnails: header.thumbnails,
    isUnlisted: header.isUnlisted,
  };
}
