/**
 * The forumsite (forum platform) package: the OAuth app-only / public JSON client, typed readers of its things
 * (posts, comments, subreddits, listings), the thread pager that resolves comment stubs, and the seven forumsite
 * operations of SPEC §4.4.
 */

export { type ForumAnswer, ForumClient, type ForumContext, type ForumVia } from "./client/client.ts";
export { type ForumResource, okJson, platformError } from "./client/errors.ts";
export { forumsiteHandlers } from "./handlers.ts";
export { type PostRef, parsePostRef, postRefParam } from "./inputs/post-url.ts";
export { parseSubreddit, subredditParam } from "./inputs/subreddit-url.ts";
export { getPostComments } from "./operations/post-comments.ts";
export { getPostDetails } from "./operations/post-details.ts";
export { getPostTranscript } from "./operations/post-transcript.ts";
export { searchSite } from "./operations/search.ts";
export { getSubredditDetails } from "./operations/subreddit-details.ts";
export { getSubredditPosts } from "./operations/subreddit-posts.ts";
export { searchSubreddit } from "./operations/subreddit-search.ts";
export { type CommentPage, readCommentPage } from "./paging/thread.ts";
export type { ForumComment } from "./readers/comment.ts";
export { htmlToText } from "./readers/html-text.ts";
export type { GalleryItem, MediaKind, PostMedia, VideoInfo } from "./readers/media.ts";
export { type PostDetails, type PostRow, readPostDetails, readPostRow } from "./readers/post.ts";
export {
  readSubredditAbout,
  readSubredditRules,
  type SubredditAbout,
  type SubredditRule,
} from "./readers/subreddit.ts";
export { forumsitePlatform } from "./spec.ts";
