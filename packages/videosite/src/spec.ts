import { definePlatform } from "@sda/core";
import { videositeEnv } from "./env.ts";
import { videositeErrorCodes } from "./errors.ts";
import { videositeHistory } from "./history.ts";
import { audioTranscriptSpec } from "./spec/audio-transcript.ts";
import { channelDetailsSpec } from "./spec/channel-details.ts";
import { channelShortsSpec } from "./spec/channel-shorts.ts";
import { channelVideosSpec } from "./spec/channel-videos.ts";
import { commentRepliesSpec } from "./spec/comment-replies.ts";
import { commentsSpec } from "./spec/comments.ts";
import { playlistDetailsSpec } from "./spec/playlist-details.ts";
import { playlistVideosSpec } from "./spec/playlist-videos.ts";
import { searchSpec } from "./spec/search.ts";
import { summarizeSpec } from "./spec/summarize.ts";
import { transcriptSpec } from "./spec/transcript.ts";
import { videoDetailsSpec } from "./spec/video-details.ts";

/**
 * The video platform's declaration (`@sda/videosite/spec`): its hosts, env, error codes, queues and operation specs.
 * Imports only params schemas, price rules and cache policies, so the gateway can load it without extraction code.
 */
export const videositePlatform = definePlatform({
  name: "videosite",
  hosts: [
    "youtube.com",
    "*.youtube.com",
    "youtu.be",
    "youtube-nocookie.com",
    "*.youtube-nocookie.com",
    "youtubei.googleapis.com",
    "*.googlevideo.com",
    "*.ytimg.com",
  ],
  env: videositeEnv,
  errorCodes: videositeErrorCodes,
  queues: ["audio", "ai"],
  history: videositeHistory,
  operations: [
    transcriptSpec,
    videoDetailsSpec,
    commentsSpec,
    commentRepliesSpec,
    channelDetailsSpec,
    channelVideosSpec,
    channelShortsSpec,
    playlistVideosSpec,
    playlistDetailsSpec,
    searchSpec,
    audioTranscriptSpec,
    summarizeSpec,
  ],
});
