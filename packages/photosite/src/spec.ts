import { definePlatform, itemsAt } from "@sda/core";
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
 * The photosite declaration (`@sda/photosite/spec`): its hosts, env, error codes, queues and operation specs. Imports only
 * params schemas, price rules and cache policies, so the gateway can load it without extraction code.
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
    detailsSpec,
    commentsSpec,
    channelDetailsSpec,
    channelPostsSpec,
    channelReelsSpec,
    reelsSearchSpec,
    trendingReelsSpec,
    taggedPostsSpec,
    reelsByAudioIdSpec,
    hashtagSearchSpec,
    profileSearchSpec,
    embedSpec,
    highlightsSpec,
    highlightsDetailsSpec,
    basicProfileSpec,
    transcriptSpec,
    summarizeSpec,
  ],
});
