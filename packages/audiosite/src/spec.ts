import { definePlatform, withHandler } from "@sda/contract";
import { audiositeErrorCodes } from "./errors.ts";
import { audiositeHistory } from "./history.ts";
import { audiositeMonitors } from "./monitors.ts";
import { audioTranscriptSpec } from "./spec/audio-transcript.ts";
import { chartsSpec } from "./spec/charts.ts";
import { playlistSpec } from "./spec/playlist.ts";
import { relatedTracksSpec } from "./spec/related-tracks.ts";
import { searchSpec } from "./spec/search.ts";
import { searchSuggestionsSpec } from "./spec/search-suggestions.ts";
import { trackSpec } from "./spec/track.ts";
import { trackCommentsSpec } from "./spec/track-comments.ts";
import { userSpec } from "./spec/user.ts";
import { userAlbumsSpec } from "./spec/user-albums.ts";
import { userFollowingsSpec } from "./spec/user-followings.ts";
import { userLikesSpec } from "./spec/user-likes.ts";
import { userPlaylistsSpec } from "./spec/user-playlists.ts";
import { userTracksSpec } from "./spec/user-tracks.ts";

/**
 * The audiosite platform (SoundCloud, read logged out through the web app's api-v2 and its public key) as the
 * gateway sees it (`@sda/audiosite`): hosts, error codes, recording rule, monitor rules, history, canary and
 * the operations, each with the lazy import of its handler (and the transcript's estimate). No extraction code is
 * imported here: a worker imports an operation's handler on its first call. Ids are `audiosite.<name>`, paths
 * `/v1/audiosite/<name>`, queue and tag `audiosite` (the transcript: queue `audio`).
 */
export const audiositePlatform = definePlatform({
  name: "audiosite",
  title: "SoundCloud",
  hosts: [
    "api-v2.soundcloud.com",
    "soundcloud.com",
    "w.soundcloud.com",
    "on.soundcloud.com",
    "a-v2.sndcdn.com",
    "cf-media.sndcdn.com",
    "cf-hls-media.sndcdn.com",
  ],
  errorCodes: audiositeErrorCodes,
  queues: ["audio"],
  recording: {
    // The web app's key and a track's stream token are never identity (corpus README: `_match` never holds them).
    volatileQuery: [
      "client_id",
      "track_authorization",
      "linked_partitioning",
      "query_urn",
      "app_version",
      "app_locale",
    ],
    secretFields: ["client_id", "track_authorization"],
  },
  politeness: [
    {
      name: "api-v2",
      hosts: ["api-v2.soundcloud.com"],
      rate: { requests: 300, perSeconds: 60 },
      source: "no published limit; a web app's pace (a few requests a second)",
    },
  ],
  history: audiositeHistory,
  monitors: audiositeMonitors,
  // A long-lived public profile: the key lookup and resolve a live change breaks first.
  canaries: [{ operation: "user", params: { url: "https://soundcloud.com/dubmatix" } }],
  operations: [
    withHandler(userSpec, () => import("./operations/user.ts").then((m) => m.userHandler)),
    withHandler(trackSpec, () => import("./operations/track.ts").then((m) => m.trackHandler)),
    withHandler(playlistSpec, () => import("./operations/playlist.ts").then((m) => m.playlistHandler)),
    withHandler(userTracksSpec, () => import("./operations/user-tracks.ts").then((m) => m.userTracksHandler)),
    withHandler(userPlaylistsSpec, () =>
      import("./operations/user-playlists.ts").then((m) => m.userPlaylistsHandler),
    ),
    withHandler(userAlbumsSpec, () => import("./operations/user-albums.ts").then((m) => m.userAlbumsHandler)),
    withHandler(userLikesSpec, () => import("./operations/user-likes.ts").then((m) => m.userLikesHandler)),
    withHandler(userFollowingsSpec, () =>
      import("./operations/user-followings.ts").then((m) => m.userFollowingsHandler),
    ),
    withHandler(trackCommentsSpec, () =>
      import("./operations/track-comments.ts").then((m) => m.trackCommentsHandler),
    ),
    withHandler(relatedTracksSpec, () =>
      import("./operations/related-tracks.ts").then((m) => m.relatedTracksHandler),
    ),
    withHandler(searchSpec, () => import("./operations/search.ts").then((m) => m.searchHandler)),
    withHandler(searchSuggestionsSpec, () =>
      import("./operations/search-suggestions.ts").then((m) => m.searchSuggestionsHandler),
    ),
    withHandler(chartsSpec, () => import("./operations/charts.ts").then((m) => m.chartsHandler)),
    // The price depends on the track's duration: `GET /v1/utilities/estimate` reads it with the estimate function.
    withHandler(
      audioTranscriptSpec,
      () => import("./operations/audio-transcript.ts").then((m) => m.audioTranscriptHandler),
      () => import("./operations/audio-transcript.ts").then((m) => m.audioTranscriptEstimate),
    ),
  ],
});
