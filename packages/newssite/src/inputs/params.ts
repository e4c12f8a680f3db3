import { cacheParam, cursorParam, enumParam, failWith, limitParam, ServiceError } from "@sda/core";
import { z } from "zod";
import { itemRefParam } from "./item-ref.ts";
import { userRefParam } from "./user-ref.ts";

/**
 * Query parameters of the newssite operations. They import no extraction code, so the platform's spec (and the
 * gateway) can use them alone. Wrong enum values are 400 `invalid_enum_value` listing every allowed value.
 */

/** An enum parameter whose output is always one of `values` (`fallback` when absent). */
function choiceParam<const C extends string>(values: readonly [C, ...C[]], fallback: C) {
  return enumParam(values, { default: fallback }).transform((value): C => value ?? fallback);
}

/** The site's story lists (`/v0/<list>stories.json`). */
const STORY_LISTS = ["top", "new", "best", "ask", "show", "job"] as const;
export type StoryList = (typeof STORY_LISTS)[number];

/** What a search returns: `story` (Ask/Show HN included), `comment`, `all` (every item type), or one story kind. */
const SEARCH_TYPES = ["story", "comment", "all", "ask_hn", "show_hn", "job", "poll"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** `relevance` (Algolia `/search`) or `date`, newest first (`/search_by_date`). */
const SEARCH_SORTS = ["relevance", "date"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Item types of a user's items. */
const USER_ITEM_TYPES = ["story", "comment", "all"] as const;
export type UserItemType = (typeof USER_ITEM_TYPES)[number];

/** `GET /v1/newssite/stories`. */
export const storiesParams = z.object({
  list: choiceParam(STORY_LISTS, "top"),
  limit: limitParam(30, 500),
  cursor: cursorParam,
  cache: cacheParam,
});

/** `GET /v1/newssite/item-details`. */
export const itemDetailsParams = z.object({ url: itemRefParam, cache: cacheParam });

/** `GET /v1/newssite/item-comments`. */
export const itemCommentsParams = z.object({
  url: itemRefParam,
  limit: limitParam(100, 1000),
  cursor: cursorParam,
  cache: cacheParam,
});

/**
 * `GET /v1/newssite/user-details`: `url` or `handle` (either form in either; `handle` wins when both are given). A
 * plain object (refined, not transformed) so the gateway keeps its `shape` for the cache key; read it with
 * {@link userHandleOf}.
 */
export const userDetailsParams = z
  .object({ url: userRefParam.optional(), handle: userRefParam.optional(), cache: cacheParam })
  .superRefine((params, ctx) => {
    if (params.handle === undefined && params.url === undefined)
      failWith(ctx, "missing_parameter", "url or handle is required", { param: "handle" });
  });

/**
 * The user named by user-details' parameters.
 * @throws ServiceError 400 `missing_parameter` when neither was given (the schema already refuses that).
 */
export function userHandleOf(params: z.output<typeof userDetailsParams>): string {
  const handle = params.handle ?? params.url;
  if (handle === undefined)
    throw new ServiceError("missing_parameter", "url or handle is required", {
      details: { param: "handle" },
    });
  return handle;
}

/** `GET /v1/newssite/search`. `q`: SPEC §8 at least 2 characters; limits as other searches (20, max 200). */
export const searchParams = z.object({
  q: z.string().trim().min(2).max(512),
  type: choiceParam(SEARCH_TYPES, "story"),
  sort: choiceParam(SEARCH_SORTS, "relevance"),
  limit: limitParam(20, 200),
  cursor: cursorParam,
  cache: cacheParam,
});

/** `GET /v1/newssite/user-items`: a user's stories and/or comments, newest first by default. */
export const userItemsParams = z.object({
  handle: userRefParam,
  type: choiceParam(USER_ITEM_TYPES, "all"),
  sort: choiceParam(SEARCH_SORTS, "date"),
  limit: limitParam(20, 200),
  cursor: cursorParam,
  cache: cacheParam,
});
