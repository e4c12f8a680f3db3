/**
 * The photosite (photo platform) package: the web API / GraphQL client, typed readers of its answers, and the
 * photosite operations (SPEC §4.3).
 */
import type { OperationDefinition } from "@sda/core";
import { basicProfileOperation } from "./operations/basic-profile.ts";
import { channelDetailsOperation } from "./operations/channel-details.ts";
import { channelPostsOperation } from "./operations/channel-posts.ts";
import { channelReelsOperation } from "./operations/channel-reels.ts";
import { commentsOperation } from "./operations/comments.ts";
import { detailsOperation } from "./operations/details.ts";
import { embedOperation } from "./operations/embed.ts";
import { hashtagSearchOperation } from "./operations/hashtag-search.ts";
import { highlightsOperation } from "./operations/highlights.ts";
import { highlightsDetailsOperation } from "./operations/highlights-details.ts";
import { profileSearchOperation } from "./operations/profile-search.ts";
import { reelsByAudioOperation } from "./operations/reels-by-audio-id.ts";
import { reelsSearchOperation } from "./operations/reels-search.ts";
import { summarizeOperation } from "./operations/summarize.ts";
import { taggedPostsOperation } from "./operations/tagged-posts.ts";
import { transcriptOperation } from "./operations/transcript.ts";
import { trendingReelsOperation } from "./operations/trending-reels.ts";

export type { PhotositeContext } from "./client/context.ts";
export { fetchPost, type PostAnswer } from "./fetch/post.ts";
export { photositeHistory } from "./history.ts";
export { type PostRef, type ProfileRef, parsePost, parseProfile, postParam, profileParam } from "./inputs.ts";
export { getPostDetails, type PostDetails } from "./operations/details.ts";
export type { Media, Music, UserRef } from "./readers/model.ts";
export { mediaIdToShortcode, shortcodeToMediaId } from "./shortcode.ts";

/** Every photosite operation, for the registry (`packages/catalog`). */
export const photositeOperations: readonly OperationDefinition[] = [
  detailsOperation,
  commentsOperation,
  channelDetailsOperation,
  channelPostsOperation,
  channelReelsOperation,
  reelsSearchOperation,
  trendingReelsOperation,
  taggedPostsOperation,
  reelsByAudioOperation,
  hashtagSearchOperation,
  profileSearchOperation,
  embedOperation,
  highlightsOperation,
  highlightsDetailsOperation,
  basicProfileOperation,
  transcriptOperation,
  summarizeOperation,
];
