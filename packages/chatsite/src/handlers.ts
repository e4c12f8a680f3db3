import { defineHandlers } from "@sda/core";
import { channelHandler } from "./operations/channel.ts";
import { channelPostsHandler } from "./operations/channel-posts.ts";
import { postHandler } from "./operations/post.ts";
import { searchHandler } from "./operations/search.ts";
import { chatsitePlatform } from "./spec.ts";

/** The chatsite handlers, bound to the specs of {@link chatsitePlatform} (the worker dispatches to them). */
export const chatsiteHandlers = defineHandlers(chatsitePlatform, {
  channel: channelHandler,
  "channel-posts": channelPostsHandler,
  post: postHandler,
  search: searchHandler,
});
