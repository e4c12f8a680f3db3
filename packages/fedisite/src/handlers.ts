import { defineHandlers } from "@sda/core";
import { followersHandler } from "./operations/followers.ts";
import { followingHandler } from "./operations/following.ts";
import { hashtagHandler } from "./operations/hashtag.ts";
import { instanceHandler } from "./operations/instance.ts";
import { postCommentsHandler } from "./operations/post-comments.ts";
import { postDetailsHandler } from "./operations/post-details.ts";
import { postLikesHandler } from "./operations/post-likes.ts";
import { postRepostsHandler } from "./operations/post-reposts.ts";
import { postsHandler } from "./operations/posts.ts";
import { profileHandler } from "./operations/profile.ts";
import { searchHandler } from "./operations/search.ts";
import { trendsHandler } from "./operations/trends.ts";
import { fedisitePlatform } from "./spec.ts";

/** The fedisite handlers, bound to the specs of {@link fedisitePlatform} (the worker dispatches to them). */
export const fedisiteHandlers = defineHandlers(fedisitePlatform, {
  profile: profileHandler,
  posts: postsHandler,
  "post-details": postDetailsHandler,
  "post-comments": postCommentsHandler,
  hashtag: hashtagHandler,
  search: searchHandler,
  instance: instanceHandler,
  trends: trendsHandler,
  followers: followersHandler,
  following: followingHandler,
  "post-likes": postLikesHandler,
  "post-reposts": postRepostsHandler,
});
