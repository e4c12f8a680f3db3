/**
 * The forumsite (forum platform) package: the OAuth app-only / public JSON client, typed readers of its things
 * (posts, comments, subreddits, listings), the thread pager that resolves comment stubs, and the seven forumsite
 * operations of SPEC §4.4.
 */
import type { OperationDefinition } from "@sda/core";
import { postCommentsOperation } from "./operations/post-comments.ts";
import { postDetailsOperation } from "./operations/post-details.ts";
import { postTranscriptOperation } from "./operations/post-transcript.ts";
import { searchOperation } from "./operations/search.ts";
import { subredditDetailsOperation } from "./operations/subreddit-details.ts";
import { subredditPostsOperation } from "./operations/subreddit-posts.ts";
import { subredditSearchOperation } from "./operations/subreddit-search.ts";

export { type ForumAnswer, ForumClient, type ForumContext, type ForumVia } from "./api/client.ts";
export { type ForumResource, okJson, platformError } from "./api/errors.ts";
export { forumsiteHistory } from "./history.ts";
export { type PostRef, parsePostRef, postRefParam } from "./input/post-url.ts";
export { parseSubreddit, subredditParam } from "./input/subreddit-url.ts";
export { getPostComments, postCommentsOperation } from "./operations/post-comments.ts";
export { getPostDetails, postDetailsOperation } from "./operations/post-details.ts";
export { getPostTranscript, postTranscriptOperation } from "./operations/post-transcript.ts";
export { searchOperation, searchSite } from "./operations/search.ts";
export { getSubredditDetails, subredditDetailsOperation } from "./operations/subreddit-details.ts";
export { getSubredditPosts, subredditPostsOperation } from "./operations/subreddit-posts.ts";
export { searchSubreddit, subredditSearchOperation } from "./operations/subreddit-search.ts";
export type { ForumComment } from "./things/comment.ts";
export { htmlToText } from "./things/html-text.ts";
export type { GalleryItem, MediaKind, PostMedia, VideoInfo } from "./things/media.ts";
export { type PostDetails, type PostRow, readPostDetails, readPostRow } from "./things/post.ts";
export {
  readSubredditAbout,
  readSubredditRules,
  type SubredditAbout,
  type SubredditRule,
} from "./things/subreddit.ts";
export { type CommentPage, readCommentPage } from "./thread/pager.ts";

/** Every forumsite operation, for the registry (`packages/catalog`). */
export const forumsiteOperations: readonly OperationDefinition[] = [
  subredditPostsOperation,
  postDetailsOperation,
  postCommentsOperation,
  postTranscriptOperation,
  searchOperation,
  subredditDetailsOperation,
  subredditSearchOperation,
];
