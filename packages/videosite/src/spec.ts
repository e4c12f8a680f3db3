import { definePlatform, itemsAt } from "@sda/core";
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
  title: "YouTube",
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
  // `t` is a timestamp here (on the forum it is the timeframe); the rest are client versions, counters and session
  // values of the innertube and media requests; a media download matches on the media and format only (README §3).
  recording: {
    volatileQuery: ["t", "cpn", "cver", "c", "ei", "ip", "ipbits", "pot"],
    volatileBody: [
      /^context(\.|$)/,
      /^cpn$/,
      /^playbackContext(\.|$)/,
      /^serviceIntegrityDimensions(\.|$)/,
      /^attestationRequest(\.|$)/,
      /^(contentCheckOk|racyCheckOk)$/,
    ],
    // The same `/player` answers differently per client (README §3).
    identityBody: ["context.client.clientName"],
    queryOnly: { "/videoplayback": ["id", "itag"] },
  },
  // List operations by their rows' video or comment ids; search hits by `type:id` (a video and a playlist hit are
  // different items).
  monitors: {
    comments: itemsAt("comments"),
    "comment-replies": itemsAt("comments"),
    "channel-videos": itemsAt("videos"),
    "channel-shorts": itemsAt("videos"),
    "playlist-videos": itemsAt("videos"),
    search: itemsAt("results", "id", "type"),
  },
  // A CC-licensed lecture: its captions and details break first when the platform changes its clients.
  canaries: [
    { operation: "transcript", params: { url: "https://www.youtube.com/watch?v=M4gD1WSo5mA" } },
    { operation: "video-details", params: { url: "https://www.youtube.com/watch?v=M4gD1WSo5mA" } },
  ],
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
