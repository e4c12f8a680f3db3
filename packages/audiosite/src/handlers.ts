import { defineHandlers } from "@sda/core";
import { audioTranscriptEstimate, audioTranscriptHandler } from "./operations/audio-transcript.ts";
import { chartsHandler } from "./operations/charts.ts";
import { playlistHandler } from "./operations/playlist.ts";
import { relatedTracksHandler } from "./operations/related-tracks.ts";
import { searchHandler } from "./operations/search.ts";
import { searchSuggestionsHandler } from "./operations/search-suggestions.ts";
import { trackHandler } from "./operations/track.ts";
import { trackCommentsHandler } from "./operations/track-comments.ts";
import { userHandler } from "./operations/user.ts";
import { userAlbumsHandler } from "./operations/user-albums.ts";
import { userFollowingsHandler } from "./operations/user-followings.ts";
import { userLikesHandler } from "./operations/user-likes.ts";
import { userPlaylistsHandler } from "./operations/user-playlists.ts";
import { userTracksHandler } from "./operations/user-tracks.ts";
import { audiositePlatform } from "./spec.ts";

/**
 * The audiosite handlers, bound to the specs of {@link audiositePlatform} (the worker dispatches to them), and the
 * audio transcript's estimate.
 */
export const audiositeHandlers = defineHandlers(
  audiositePlatform,
  {
    user: userHandler,
    track: trackHandler,
    playlist: playlistHandler,
    "user-tracks": userTracksHandler,
    "user-playlists": userPlaylistsHandler,
    "user-albums": userAlbumsHandler,
    "user-likes": userLikesHandler,
    "user-followings": userFollowingsHandler,
    "track-comments": trackCommentsHandler,
    "related-tracks": relatedTracksHandler,
    search: searchHandler,
    "search-suggestions": searchSuggestionsHandler,
    charts: chartsHandler,
    "audio-transcript": audioTranscriptHandler,
  },
  { "audio-transcript": audioTranscriptEstimate },
);
