import { enumParam } from "@sda/contract";

/**
 * The enum parameters the newssite operation specs share (`spec/<op>.ts` holds each operation's params). They import
 * no extraction code, so the platform's spec (and the gateway) can use them alone. Wrong enum values are 400
 * `invalid_enum_value` listing every allowed value.
 */

/** An enum parameter whose output is always one of `values` (`fallback` when absent). */
export function choiceParam<const C extends string>(values: readonly [C, ...C[]], fallback: C) {
  return enumParam(values, { default: fallback }).transform((value): C => value ?? fallback);
}

/** The site's story lists (`/v0/<list>stories.json`). */
export const STORY_LISTS = ["top", "new", "best", "ask", "show", "job"] as const;
export type StoryList = (typeof STORY_LISTS)[number];

/** What a search returns: `story` (Ask/Show HN included), `comment`, `all` (every item type), or one story kind. */
export const SEARCH_TYPES = ["story", "comment", "all", "ask_hn", "show_hn", "job", "poll"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** `relevance` (Algolia `/search`) or `date`, newest first (`/search_by_date`). */
export const SEARCH_SORTS = ["relevance", "date"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Item types of a user's items. */
export const USER_ITEM_TYPES = ["story", "comment", "all"] as const;
export type UserItemType = (typeof USER_ITEM_TYPES)[number];
