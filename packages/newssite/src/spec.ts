import { definePlatform, itemsAt } from "@sda/core";
import { newssiteErrorCodes } from "./errors.ts";
import { itemCommentsSpec } from "./spec/item-comments.ts";
import { itemDetailsSpec } from "./spec/item-details.ts";
import { searchSpec } from "./spec/search.ts";
import { storiesSpec } from "./spec/stories.ts";
import { userDetailsSpec } from "./spec/user-details.ts";
import { userItemsSpec } from "./spec/user-items.ts";

/**
 * The newssite platform (Hacker News) as the gateway sees it (`@sda/newssite/spec`): hosts, error codes, monitor
 * rules, canary and the six operation specs (params, price, cache). No extraction code is imported here; the
 * handlers are bound in `handlers.ts`. Ids are `newssite.<name>`, paths `/v1/newssite/<name>`, queue and tag
 * `newssite`.
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
  operations: [storiesSpec, itemDetailsSpec, itemCommentsSpec, userDetailsSpec, searchSpec, userItemsSpec],
});
