import { enumParam } from "@sda/contract";

/**
 * The enum parameters of the microblogsite specs (`spec/<op>.ts` holds each operation's params); no extraction code,
 * so the gateway can use them alone. Wrong values are 400 `invalid_enum_value` listing every allowed value.
 */

/**
 * `filter` of an author feed (the AppView's `getAuthorFeed` filter): every post and repost (`posts_with_replies`,
 * the AppView's default), no replies, only posts with media or video, or the author's own threads.
 */
export const AUTHOR_FEED_FILTERS = [
  "posts_with_replies",
  "posts_no_replies",
  "posts_with_media",
  "posts_and_author_threads",
  "posts_with_video",
] as const;

/** `filter` parameter; absent means the AppView's default (sent as no `filter`). */
export const authorFeedFilterParam = enumParam(AUTHOR_FEED_FILTERS);
/** `sort` of a post search: newest first (the AppView's default, sent as no `sort`) or its ranking. */
export const SEARCH_SORTS = ["latest", "top"] as const;

/** `sort` parameter; absent means `latest`. */
export const searchSortParam = enumParam(SEARCH_SORTS);
