import { defineHandlers } from "@sda/core";
import { postCommentsHandler } from "./operations/post-comments.ts";
import { postDetailsHandler } from "./operations/post-details.ts";
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
});
