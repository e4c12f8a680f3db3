import { definePlatform, itemsAt, withHandler } from "@sda/contract";
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
 * The video platform's declaration (`@sda/videosite`): its hosts, env, error codes, queues and operation specs,
 * each with the lazy import of its handler (and the audio transcript's estimate). Imports only params schemas, price
 * rules and cache policies, so the gateway can load it without extraction code; a worker imports an operation's
 * handler on its first call.
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
    withHandler(transcriptSpec, () => import("./operations/transcript.ts").then((m) => m.transcriptHandler)),
    withHandler(videoDetailsSpec, () =>
      import("./operations/video-details.ts").then((m) => m.videoDetailsHandler),
    ),
    withHandler(commentsSpec, () => import("./operations/comments.ts").then((m) => m.commentsHandler)),
    withHandler(commentRepliesSpec, () =>
      import("./operations/comment-replies.ts").then((m) => m.commentRepliesHandler),
    ),
    withHandler(channelDetailsSpec, () =>
      import("./operations/channel-details.ts").then((m) => m.channelDetailsHandler),
    ),
    withHandler(channelVideosSpec, () =>
      import("./operations/channel-videos.ts").then((m) => m.channelVideosHandler),
    ),
    withHandler(channelShortsSpec, () =>
      import("./operations/channel-shorts.ts").then((m) => m.channelShortsHandler),
    ),
    withHandler(playlistVideosSpec, () =>
      import("./operations/playlist-videos.ts").then((m) => m.playlistVideosHandler),
    ),
    withHandler(playlistDetailsSpec, () =>
      import("./operations/playlist-details.ts").then((m) => m.playlistDetailsHandler),
    ),
    withHandler(searchSpec, () => import("./operations/search.ts").then((m) => m.searchHandler)),
    // The price depends on the video's duration: `GET /v1/utilities/estimate` reads it with the estimate function.
    withHandler(
      audioTranscriptSpec,
      () => import("./operations/audio-transcript.ts").then((m) => m.audioTranscriptHandler),
      () => import("./operations/audio-transcript.ts").then((m) => m.audioTranscriptEstimate),
    ),
    withHandler(summarizeSpec, () => import("./operations/summarize.ts").then((m) => m.summarizeHandler)),
  ],
});
