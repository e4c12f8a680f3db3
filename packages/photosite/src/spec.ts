import { definePlatform, itemsAt, withHandler } from "@sda/contract";
import { photositeEnv } from "./env.ts";
import { photositeErrorCodes } from "./errors.ts";
import { photositeHistory } from "./history.ts";
import { basicProfileSpec } from "./spec/basic-profile.ts";
import { channelDetailsSpec } from "./spec/channel-details.ts";
import { channelPostsSpec } from "./spec/channel-posts.ts";
import { channelReelsSpec } from "./spec/channel-reels.ts";
import { commentsSpec } from "./spec/comments.ts";
import { detailsSpec } from "./spec/details.ts";
import { embedSpec } from "./spec/embed.ts";
import { hashtagSearchSpec } from "./spec/hashtag-search.ts";
import { highlightsSpec } from "./spec/highlights.ts";
import { highlightsDetailsSpec } from "./spec/highlights-details.ts";
import { profileSearchSpec } from "./spec/profile-search.ts";
import { reelsByAudioIdSpec } from "./spec/reels-by-audio-id.ts";
import { reelsSearchSpec } from "./spec/reels-search.ts";
import { summarizeSpec } from "./spec/summarize.ts";
import { taggedPostsSpec } from "./spec/tagged-posts.ts";
import { transcriptSpec } from "./spec/transcript.ts";
import { trendingReelsSpec } from "./spec/trending-reels.ts";

/**
 * The photosite declaration (`@sda/photosite`): its hosts, env, error codes, queues and operation specs, each with
 * the lazy import of its handler. Imports only params schemas, price rules and cache policies, so the gateway can
 * load it without extraction code; a worker imports an operation's handler on its first call.
 */
export const photositePlatform = definePlatform({
  name: "photosite",
  title: "Instagram",
  hosts: ["instagram.com", "*.instagram.com", "*.cdninstagram.com", "*.fbcdn.net"],
  env: photositeEnv,
  errorCodes: photositeErrorCodes,
  queues: ["audio", "ai"],
  history: photositeHistory,
  // The web client's session and page-load fields are never identity (README §2).
  recording: {
    volatileBody: [
      /^(av|fb_dtsg|lsd|jazoest|__\w+|dpr|fb_api_caller_class|server_timestamps|variables\.__relay_internal__\w*)$/,
    ],
  },
  // Posts and reels by their media id (the shortcode when a row has none), comments and highlight albums by id.
  monitors: {
    comments: itemsAt("comments"),
    "channel-posts": itemsAt("posts", ["id", "shortcode"]),
    "channel-reels": itemsAt("reels", ["id", "shortcode"]),
    "tagged-posts": itemsAt("posts", ["id", "shortcode"]),
    "reels-by-audio-id": itemsAt("reels", ["id", "shortcode"]),
    "hashtag-search": itemsAt("posts", ["id", "shortcode"]),
    "reels-search": itemsAt("reels", ["id", "shortcode"]),
    "trending-reels": itemsAt("reels", ["id", "shortcode"]),
    highlights: itemsAt("highlights"),
  },
  canaries: [{ operation: "details", params: { url: "https://www.instagram.com/reel/C10MvewSSYl/" } }],
  operations: [
    withHandler(detailsSpec, () => import("./operations/details.ts").then((m) => m.detailsHandler)),
    withHandler(commentsSpec, () => import("./operations/comments.ts").then((m) => m.commentsHandler)),
    withHandler(channelDetailsSpec, () =>
      import("./operations/channel-details.ts").then((m) => m.channelDetailsHandler),
    ),
    withHandler(channelPostsSpec, () =>
      import("./operations/channel-posts.ts").then((m) => m.channelPostsHandler),
    ),
    withHandler(channelReelsSpec, () =>
      import("./operations/channel-reels.ts").then((m) => m.channelReelsHandler),
    ),
    withHandler(reelsSearchSpec, () =>
      import("./operations/reels-search.ts").then((m) => m.reelsSearchHandler),
    ),
    withHandler(trendingReelsSpec, () =>
      import("./operations/trending-reels.ts").then((m) => m.trendingReelsHandler),
    ),
    withHandler(taggedPostsSpec, () =>
      import("./operations/tagged-posts.ts").then((m) => m.taggedPostsHandler),
    ),
    withHandler(reelsByAudioIdSpec, () =>
      import("./operations/reels-by-audio-id.ts").then((m) => m.reelsByAudioIdHandler),
    ),
    withHandler(hashtagSearchSpec, () =>
      import("./operations/hashtag-search.ts").then((m) => m.hashtagSearchHandler),
    ),
    withHandler(profileSearchSpec, () =>
      import("./operations/profile-search.ts").then((m) => m.profileSearchHandler),
    ),
    withHandler(embedSpec, () => import("./operations/embed.ts").then((m) => m.embedHandler)),
    withHandler(highlightsSpec, () => import("./operations/highlights.ts").then((m) => m.highlightsHandler)),
    withHandler(highlightsDetailsSpec, () =>
      import("./operations/highlights-details.ts").then((m) => m.highlightsDetailsHandler),
    ),
    withHandler(basicProfileSpec, () =>
      import("./operations/basic-profile.ts").then((m) => m.basicProfileHandler),
    ),
    withHandler(transcriptSpec, () => import("./operations/transcript.ts").then((m) => m.transcriptHandler)),
    withHandler(summarizeSpec, () => import("./operations/summarize.ts").then((m) => m.summarizeHandler)),
  ],
});
