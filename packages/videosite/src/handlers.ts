import { defineHandlers } from "@sda/core";
import { audioTranscriptEstimate, audioTranscriptHandler } from "./operations/audio-transcript.ts";
import { channelDetailsHandler } from "./operations/channel-details.ts";
import { channelShortsHandler } from "./operations/channel-shorts.ts";
import { channelVideosHandler } from "./operations/channel-videos.ts";
import { commentRepliesHandler } from "./operations/comment-replies.ts";
import { commentsHandler } from "./operations/comments.ts";
import { playlistDetailsHandler } from "./operations/playlist-details.ts";
import { playlistVideosHandler } from "./operations/playlist-videos.ts";
import { searchHandler } from "./operations/search.ts";
import { summarizeHandler } from "./operations/summarize.ts";
import { transcriptHandler } from "./operations/transcript.ts";
import { videoDetailsHandler } from "./operations/video-details.ts";
import { videositePlatform } from "./spec.ts";

/**
 * The handler of every videosite operation, and the audio transcript's estimate function; the catalog loads this
 * module lazily (workers only).
 */
export const videositeHandlers = defineHandlers(
  videositePlatform,
  {
    transcript: transcriptHandler,
    "video-details": videoDetailsHandler,
    comments: commentsHandler,
    "comment-replies": commentRepliesHandler,
    "channel-details": channelDetailsHandler,
    "channel-videos": channelVideosHandler,
    "channel-shorts": channelShortsHandler,
    "playlist-videos": playlistVideosHandler,
    "playlist-details": playlistDetailsHandler,
    search: searchHandler,
    "audio-transcript": audioTranscriptHandler,
    summarize: summarizeHandler,
  },
  { "audio-transcript": audioTranscriptEstimate },
);
