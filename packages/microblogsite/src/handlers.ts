import { defineHandlers } from "@sda/core";
import { feedHandler } from "./operations/feed.ts";
import { followersHandler } from "./operations/followers.ts";
import { followingHandler } from "./operations/following.ts";
import { listFeedHandler } from "./operations/list-feed.ts";
import { postCommentsHandler } from "./operations/post-comments.ts";
import { postDetailsHandler } from "./operations/post-details.ts";
import { postLikesHandler } from "./operations/post-likes.ts";
import { postRepostsHandler } from "./operations/post-reposts.ts";
import { postsHandler } from "./operations/posts.ts";
import { profileHandler } from "./operations/profile.ts";
import { searchHandler } from "./operations/search.ts";
import { userSearchHandler } from "./operations/user-search.ts";
import { microblogsitePlatform } from "./spec.ts";

/** The microblogsite handlers, bound to the specs of {@link microblogsitePlatform} (the worker dispatches to them). */
export const microblogsiteHandlers = defineHandlers(microblogsitePlatform, {
  profile: profileHandler,
  posts: postsHandler,
  "post-details": postDetailsHandler,
  "post-comments": postCommentsHandler,
  search: searchHandler,
  "user-search": userSearchHandler,
  followers: followersHandler,
  following: followingHandler,
  "post-likes": postLikesHandler,
  "post-reposts": postRepostsHandler,
  feed: feedHandler,
  "list-feed": listFeedHandler,
});
