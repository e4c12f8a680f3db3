import { defineHandlers } from "@sda/core";
import { postCommentsHandler } from "./operations/post-comments.ts";
import { postDetailsHandler } from "./operations/post-details.ts";
import { postTranscriptHandler } from "./operations/post-transcript.ts";
import { searchHandler } from "./operations/search.ts";
import { subredditDetailsHandler } from "./operations/subreddit-details.ts";
import { subredditPostsHandler } from "./operations/subreddit-posts.ts";
import { subredditSearchHandler } from "./operations/subreddit-search.ts";
import { forumsitePlatform } from "./spec.ts";

/** The handler of every forumsite operation; the catalog loads this module lazily (workers only). */
export const forumsiteHandlers = defineHandlers(forumsitePlatform, {
  "subreddit-posts": subredditPostsHandler,
  "post-details": postDetailsHandler,
  "post-comments": postCommentsHandler,
  "post-transcript": postTranscriptHandler,
  search: searchHandler,
  "subreddit-details": subredditDetailsHandler,
  "subreddit-search": subredditSearchHandler,
});
