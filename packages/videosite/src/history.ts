import { defineHistory, type HistoryLocation, type HistorySources } from "@sda/contract";
import type { z } from "zod";
import type { ChannelRef } from "./inputs/channel-url.ts";
import { ORIGIN } from "./inputs/site.ts";
import type { ChannelDetailsResult } from "./readers/channel/build-details.ts";
import type { PlaylistDetailsResult } from "./readers/playlist/build-details.ts";
import type { VideoDetailsResult } from "./readers/video/build-details.ts";
import type { channelDetailsParams } from "./spec/channel-details.ts";
import type { playlistDetailsParams } from "./spec/playlist-details.ts";
import type { videoDetailsParams } from "./spec/video-details.ts";

/**
 * History (SPEC §1) of the videosite: the details operations append metric snapshots of their video, channel or
 * playlist (`packages/history`). Metric names are the result fields.
 */

/**
 * Where a channel reference points: the `UC…` id, or an alias the platform resolves (handles are case-insensitive,
 * so `@kurzgesagt`; legacy `/user/<name>`, `/c/<name>`, `/<name>` paths lower-cased) that a recorded channel-details
 * call maps to its id.
 */
function channelLocation(ref: ChannelRef): HistoryLocation {
  if (ref.kind === "id") return { id: ref.channelId, url: `${ORIGIN}/channel/${ref.channelId}` };
  if (ref.kind === "handle") return { alias: ref.handle.toLowerCase(), url: `${ORIGIN}/${ref.handle}` };
  return { alias: ref.path.toLowerCase(), url: `${ORIGIN}${ref.path}` };
}

/** The videosite operations whose successes are recorded, keyed by operation id (composed in `packages/catalog`). */
export const videositeHistory: HistorySources = {
  "videosite.video-details": defineHistory({
    kind: "video",
    metricNames: ["viewCount", "likeCount", "commentCount"],
    resource: (data: VideoDetailsResult) => ({ id: data.id, url: data.url }),
    metrics: (data) => ({
      viewCount: data.viewCount,
      likeCount: data.likeCount,
      commentCount: data.commentCount,
    }),
    locate: (params: z.output<typeof videoDetailsParams>) => ({
      id: params.url.videoId,
      url: params.url.url,
    }),
  }),
  "videosite.channel-details": defineHistory({
    kind: "channel",
    // followers = subscribers, postCount = public videos (SPEC §2.8; `subscriberCount`/`videoCount` are aliases).
    metricNames: ["followers", "postCount", "viewCount"],
    resource: (data: ChannelDetailsResult) => ({
      id: data.id,
      url: data.url,
      aliases: data.username ? [`@${data.username.toLowerCase()}`] : [],
    }),
    metrics: (data) => ({ followers: data.followers, postCount: data.postCount, viewCount: data.viewCount }),
    locate: (params: z.output<typeof channelDetailsParams>) => channelLocation(params.url.ref),
  }),
  "videosite.playlist-details": defineHistory({
    kind: "playlist",
    metricNames: ["videoCount", "viewCount"],
    resource: (data: PlaylistDetailsResult) => ({ id: data.id, url: data.url }),
    metrics: (data) => ({ videoCount: data.videoCount, viewCount: data.viewCount }),
    locate: (params: z.output<typeof playlistDetailsParams>) => ({
      id: params.url.playlistId,
      url: params.url.url,
    }),
  }),
};
