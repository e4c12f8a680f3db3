import { defineHistory, type HistorySources } from "@sda/contract";
import type { z } from "zod";
import type { playlistOutput } from "./spec/playlist.ts";
import type { trackOutput } from "./spec/track.ts";
import type { userOutput } from "./spec/user.ts";

/**
 * History (SPEC §1) of audiosite: users (followers, following, tracks, playlists, likes), tracks (plays, likes,
 * reposts, comments, downloads) and playlists (likes, reposts, track count) append metric snapshots, keyed by the
 * numeric id, with the canonical link as alias. No `locate` yet: `GET /v1/history?url=` reads a URL with every
 * locating operation's own `url` parameter and takes any code but `unsupported_url` as "malformed", while the
 * audiosite `url` answers another host with 400 `invalid_url` (issue 37), which would shadow the other platforms'
 * "not mine". See the package README.
 */

/** The resource of a result: its id, its link (else the API URL), and the link as alias. */
const resourceOf = (id: string, url: string | null, kind: string) => ({
  id,
  url: url ?? `https://api.soundcloud.com/${kind}/${id}`,
  ...(url ? { aliases: [url] } : {}),
});

/** The audiosite operations whose successes are recorded, keyed by operation id (composed in `packages/catalog`). */
export const audiositeHistory: HistorySources = {
  "audiosite.user": defineHistory({
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
  }),
  "audiosite.track": defineHistory({
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
  }),
  "audiosite.playlist": defineHistory({
    kind: "playlist",
    metricNames: ["likeCount", "repostCount", "trackCount"],
    resource: (data: z.output<typeof playlistOutput>) => resourceOf(data.id, data.url, "playlists"),
    metrics: (data) => ({
      likeCount: data.likeCount,
      repostCount: data.repostCount,
      trackCount: data.trackCount,
    }),
  }),
};
