import { definePlatform, itemsAt, withHandler } from "@sda/contract";
import { newssiteErrorCodes } from "./errors.ts";
import { itemCommentsSpec } from "./spec/item-comments.ts";
import { itemDetailsSpec } from "./spec/item-details.ts";
import { searchSpec } from "./spec/search.ts";
import { storiesSpec } from "./spec/stories.ts";
import { userDetailsSpec } from "./spec/user-details.ts";
import { userItemsSpec } from "./spec/user-items.ts";

/**
 * The newssite platform (Hacker News) as the gateway sees it (`@sda/newssite`): hosts, error codes, monitor
 * rules, canary and the six operations (params, price, cache), each with the lazy import of its handler. No
 * extraction code is imported here: a worker imports an operation's handler on its first call. Ids are
 * `newssite.<name>`, paths `/v1/newssite/<name>`, queue and tag `newssite`.
 */
export const newssitePlatform = definePlatform({
  name: "newssite",
  title: "Hacker News",
  hosts: ["hacker-news.firebaseio.com", "hn.algolia.com"],
  errorCodes: newssiteErrorCodes,
  // Every list row is an item with the site's integer id, unique across stories and comments.
  monitors: {
    stories: itemsAt("stories"),
    "item-comments": itemsAt("comments"),
    search: itemsAt("items"),
    "user-items": itemsAt("items"),
  },
  // The top list and its first stories: the Firebase list and item reads a live change breaks first.
  canaries: [{ operation: "stories", params: { list: "top", limit: "3" } }],
  operations: [
    withHandler(storiesSpec, () => import("./operations/stories.ts").then((m) => m.storiesHandler)),
    withHandler(itemDetailsSpec, () =>
      import("./operations/item-details.ts").then((m) => m.itemDetailsHandler),
    ),
    withHandler(itemCommentsSpec, () =>
      import("./operations/item-comments.ts").then((m) => m.itemCommentsHandler),
    ),
    withHandler(userDetailsSpec, () =>
      import("./operations/user-details.ts").then((m) => m.userDetailsHandler),
    ),
    withHandler(searchSpec, () => import("./operations/search.ts").then((m) => m.searchHandler)),
    withHandler(userItemsSpec, () => import("./operations/user-items.ts").then((m) => m.userItemsHandler)),
  ],
});
