import { definePlatform } from "@sda/core";
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
 * gateway sees it (`@sda/audiosite/spec`): hosts, error codes, recording rule, monitor rules, history, canary and
 * the operation specs. No extraction code is imported here; the handlers are bound in `handlers.ts`. Ids are
 * `audiosite.<name>`, paths `/v1/audiosite/<name>`, queue and tag `audiosite` (the transcript: queue `audio`).
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
    userSpec,
    trackSpec,
    playlistSpec,
    userTracksSpec,
    userPlaylistsSpec,
    userAlbumsSpec,
    userLikesSpec,
    userFollowingsSpec,
    trackCommentsSpec,
    relatedTracksSpec,
    searchSpec,
    searchSuggestionsSpec,
    chartsSpec,
    audioTranscriptSpec,
  ],
});
