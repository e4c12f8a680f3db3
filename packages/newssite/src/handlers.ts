import { defineHandlers } from "@sda/core";
import { getItemComments } from "./operations/item-comments.ts";
import { getItemDetails } from "./operations/item-details.ts";
import { searchItems } from "./operations/search.ts";
import { getStories } from "./operations/stories.ts";
import { getUserDetails } from "./operations/user-details.ts";
import { getUserItems } from "./operations/user-items.ts";
import { newssitePlatform } from "./spec.ts";

/** The newssite handlers, bound to the specs of {@link newssitePlatform} (the worker dispatches to them). */
export const newssiteHandlers = defineHandlers(newssitePlatform, {
  stories: getStories,
  "item-details": getItemDetails,
  "item-comments": getItemComments,
  "user-details": getUserDetails,
  search: searchItems,
  "user-items": getUserItems,
});
