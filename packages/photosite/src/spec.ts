import { definePlatform } from "@sda/core";
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
import { reelsByAudioSpec } from "./spec/reels-by-audio-id.ts";
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
  hosts: ["instagram.com", "*.instagram.com", "*.cdninstagram.com", "*.fbcdn.net"],
  env: photositeEnv,
  errorCodes: photositeErrorCodes,
  queues: ["audio", "ai"],
  history: photositeHistory,
  operations: [
    detailsSpec,
    commentsSpec,
    channelDetailsSpec,
    channelPostsSpec,
    channelReelsSpec,
    reelsSearchSpec,
    trendingReelsSpec,
    taggedPostsSpec,
    reelsByAudioSpec,
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
