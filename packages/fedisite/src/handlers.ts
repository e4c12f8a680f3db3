import { defineHandlers } from "@sda/core";
import { postDetailsHandler } from "./operations/post-details.ts";
import { postsHandler } from "./operations/posts.ts";
import { profileHandler } from "./operations/profile.ts";
import { fedisitePlatform } from "./spec.ts";

/** The fedisite handlers, bound to the specs of {@link fedisitePlatform} (the worker dispatches to them). */
export const fedisiteHandlers = defineHandlers(fedisitePlatform, {
  profile: profileHandler,
  posts: postsHandler,
  "post-details": postDetailsHandler,
});
