import { defineHandlers } from "@sda/core";
import { basicProfileHandler } from "./operations/basic-profile.ts";
import { channelDetailsHandler } from "./operations/channel-details.ts";
import { channelPostsHandler } from "./operations/channel-posts.ts";
import { channelReelsHandler } from "./operations/channel-reels.ts";
import { commentsHandler } from "./operations/comments.ts";
import { detailsHandler } from "./operations/details.ts";
import { embedHandler } from "./operations/embed.ts";
import { hashtagSearchHandler } from "./operations/hashtag-search.ts";
import { highlightsHandler } from "./operations/highlights.ts";
import { highlightsDetailsHandler } from "./operations/highlights-details.ts";
import { profileSearchHandler } from "./operations/profile-search.ts";
import { reelsByAudioIdHandler } from "./operations/reels-by-audio-id.ts";
import { reelsSearchHandler } from "./operations/reels-search.ts";
import { summarizeHandler } from "./operations/summarize.ts";
import { taggedPostsHandler } from "./operations/tagged-posts.ts";
import { transcriptHandler } from "./operations/transcript.ts";
import { trendingReelsHandler } from "./operations/trending-reels.ts";
import { photositePlatform } from "./spec.ts";

/** The handler of every photosite operation; the catalog loads this module lazily (workers only). */
export const photositeHandlers = defineHandlers(photositePlatform, {
  details: detailsHandler,
  comments: commentsHandler,
  "channel-details": channelDetailsHandler,
  "channel-posts": channelPostsHandler,
  "channel-reels": channelReelsHandler,
  "reels-search": reelsSearchHandler,
  "trending-reels": trendingReelsHandler,
  "tagged-posts": taggedPostsHandler,
  "reels-by-audio-id": reelsByAudioIdHandler,
  "hashtag-search": hashtagSearchHandler,
  "profile-search": profileSearchHandler,
  embed: embedHandler,
  highlights: highlightsHandler,
  "highlights-details": highlightsDetailsHandler,
  "basic-profile": basicProfileHandler,
  transcript: transcriptHandler,
  summarize: summarizeHandler,
});
