import { definePlatform, itemsAt, withHandler } from "@sda/contract";
import { chatsiteErrorCodes } from "./errors.ts";
import { chatsiteHistory } from "./history.ts";
import { channelSpec } from "./spec/channel.ts";
import { channelPostsSpec } from "./spec/channel-posts.ts";
import { postSpec } from "./spec/post.ts";
import { searchSpec } from "./spec/search.ts";

/**
 * The chatsite platform (Telegram public channels, read logged out from `t.me`'s HTML pages) as the gateway sees it
 * (`@sda/chatsite`): host, error codes, politeness, history, monitor rules, canaries and the four operations
 * (params, price, cache), each with the lazy import of its handler. No extraction code is imported here: a worker
 * imports an operation's handler on its first call. Ids are `chatsite.<name>`, paths `/v1/chatsite/<name>`, queue and
 * tag `chatsite`.
 */
export const chatsitePlatform = definePlatform({
  name: "chatsite",
  title: "Telegram public channels",
  hosts: ["t.me"],
  errorCodes: chatsiteErrorCodes,
  // Telegram documents no figure for its link pages; a cap on requests in flight keeps the service's load small.
  politeness: [
    { name: "t.me", hosts: ["t.me"], concurrency: 4, source: "no documented figure (service's own cap)" },
  ],
  history: chatsiteHistory,
  // New posts of a channel, new hits of a search: a post is its URL (`https://t.me/<name>/<id>`).
  monitors: { "channel-posts": itemsAt("posts", "url"), search: itemsAt("posts", "url") },
  // Telegram's founder's channel and one of its posts: the preview and widget pages a layout change breaks first.
  canaries: [
    { operation: "channel", params: { url: "https://t.me/durov" } },
    { operation: "post", params: { url: "https://t.me/durov/523" } },
  ],
  operations: [
    withHandler(channelSpec, () => import("./operations/channel.ts").then((m) => m.channelHandler)),
    withHandler(channelPostsSpec, () =>
      import("./operations/channel-posts.ts").then((m) => m.channelPostsHandler),
    ),
    withHandler(postSpec, () => import("./operations/post.ts").then((m) => m.postHandler)),
    withHandler(searchSpec, () => import("./operations/search.ts").then((m) => m.searchHandler)),
  ],
});
