import { defineHistory, type HistoryLocation, type HistorySources } from "@sda/core";
import type { z } from "zod";
import type { AudioRef } from "./inputs/ref.ts";
import type { playlistOutput, playlistParams } from "./spec/playlist.ts";
import type { trackOutput, trackParams } from "./spec/track.ts";
import type { userOutput, userParams } from "./spec/user.ts";

/**
 * History (SPEC §1) of audiosite: users (followers, following, tracks, playlists, likes), tracks (plays, likes,
 * reposts, comments, downloads) and playlists (likes, reposts, track count) append metric snapshots. A resource's id
 * is its numeric id; a link (canonical) or short link is an alias until a recorded call maps it.
 */

/** Where a `url` parameter points: a urn is the id; a link is an alias of its canonical form. */
function locate(ref: AudioRef, kind: "users" | "tracks" | "playlists"): HistoryLocation {
  if (ref.by === "id") return { id: ref.id, url: `https://api.soundcloud.com/${kind}/${ref.id}` };
  return { alias: ref.url, url: ref.url };
}

/** The resource of a result: its id, its link (else the API URL), and the link as alias. */
const resourceOf = (id: string, url: string | null, kind: string) => ({
  id,
  url: url ?? `https://api.soundcloud.com/${kind}/${id}`,
  ...(url ? { aliases: [url] } : {}),
});

/** The audiosite operations whose successes are recorded, keyed by operation id (composed in `packages/catalog`). */
export const audiositeHistory: HistorySources = {
  "audiosite.user": defineHistory({
    platform: "audiosite",
    kind: "user",
    metricNames: ["followers", "following", "trackCount", "playlistCount", "likesCount"],
    resource: (data: z.output<typeof userOutput>) => resourceOf(data.id, data.url, "users"),
    metrics: (data) => ({
      followers: data.followers,
      following: data.following,
      trackCount: data.trackCount,
      playlistCount: data.playlistCount,
      likesCount: data.likesCount,
    }),
    locate: (params: z.output<typeof userParams>) => locate(params.url, "users"),
  }),
  "audiosite.track": defineHistory({
    platform: "audiosite",
    kind: "track",
    metricNames: ["playCount", "likeCount", "repostCount", "commentCount", "downloadCount"],
    resource: (data: z.output<typeof trackOutput>) => resourceOf(data.id, data.url, "tracks"),
    metrics: (data) => ({
      playCount: data.playCount,
      likeCount: data.likeCount,
      repostCount: data.repostCount,
      commentCount: data.commentCount,
      downloadCount: data.downloadCount,
    }),
    locate: (params: z.output<typeof trackParams>) => locate(params.url, "tracks"),
  }),
  "audiosite.playlist": defineHistory({
    platform: "audiosite",
    kind: "playlist",
    metricNames: ["likeCount", "repostCount", "trackCount"],
    resource: (data: z.output<typeof playlistOutput>) => resourceOf(data.id, data.url, "playlists"),
    metrics: (data) => ({
      likeCount: data.likeCount,
      repostCount: data.repostCount,
      trackCount: data.trackCount,
    }),
    locate: (params: z.output<typeof playlistParams>) => locate(params.url, "playlists"),
  }),
};
