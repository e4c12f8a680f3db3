import { defineHandlers } from "@sda/core";
import { itemCommentsHandler } from "./operations/item-comments.ts";
import { itemDetailsHandler } from "./operations/item-details.ts";
import { searchHandler } from "./operations/search.ts";
import { storiesHandler } from "./operations/stories.ts";
import { userDetailsHandler } from "./operations/user-details.ts";
import { userItemsHandler } from "./operations/user-items.ts";
import { newssitePlatform } from "./spec.ts";

/** The newssite handlers, bound to the specs of {@link newssitePlatform} (the worker dispatches to them). */
export const newssiteHandlers = defineHandlers(newssitePlatform, {
  stories: storiesHandler,
  "item-details": itemDetailsHandler,
  "item-comments": itemCommentsHandler,
  "user-details": userDetailsHandler,
  search: searchHandler,
  "user-items": userItemsHandler,
});
