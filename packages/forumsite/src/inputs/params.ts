import { enumParam, limitParam } from "@sda/contract";
import { z } from "zod";

/**
 * The sort, timeframe and limit parameters of the forumsite operations. Values are the platform's own words; a wrong
 * value is 400 `invalid_enum_value` whose details list every allowed value.
 */

/** Orders of a subreddit's post listing (`/r/<sub>/<sort>`). */
export const LISTING_SORTS = ["hot", "new", "top", "rising", "controversial"] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

/** Orders of search results (`sort` of `/search`). */
export const SEARCH_SORTS = ["relevance", "hot", "top", "new", "comments"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Orders of a comment thread (`sort` of `/comments/<id>`); `best` is the name the site shows for `confidence`. */
export const COMMENT_SORTS = ["confidence", "top", "new", "controversial", "old", "qa"] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];

/** Time windows of `top`, `controversial` and search (`t`). */
export const TIMEFRAMES = ["hour", "day", "week", "month", "year", "all"] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];

/** Listing sorts that take a timeframe; the platform ignores `t` for the others. */
export const TIMED_SORTS: ReadonlySet<ListingSort> = new Set(["top", "controversial"]);

/** An enum parameter whose output is always one of `values` (`fallback` when absent). */
function choiceParam<const C extends string>(
  values: readonly [C, ...C[]],
  fallback: C,
  aliases?: Record<string, C>,
) {
  return enumParam(values, { default: fallback, ...(aliases ? { aliases } : {}) }).transform(
    (value): C => value ?? fallback,
  );
}

export const listingSortParam = choiceParam(LISTING_SORTS, "hot");
export const searchSortParam = choiceParam(SEARCH_SORTS, "relevance");
/** Comment order, default `confidence` (the platform's default, shown as "best"). */
export const commentSortParam = choiceParam(COMMENT_SORTS, "confidence", { best: "confidence" });
/** Comment order for choosing top comments: `top` (highest score) by default. */
export const topCommentSortParam = choiceParam(COMMENT_SORTS, "top", { best: "confidence" });
/** Listing timeframe: the platform's default for `top`/`controversial` is `day`. */
export const listingTimeframeParam = choiceParam(TIMEFRAMES, "day");
/** Search timeframe: the platform's default for search is `all`. */
export const searchTimeframeParam = choiceParam(TIMEFRAMES, "all");

/** Post lists (subreddit posts, search): SPEC §8 search/channel-videos limits, default 20, max 200. */
export const postLimitParam = limitParam(20, 200);
/** Comment pages: SPEC §8 comments limits, default 50, max 500. */
export const commentLimitParam = limitParam(50, 500);

/** `q`: SPEC §8 at least 2 characters; the platform's own limit is 512. */
export const queryParam = z.string().trim().min(2).max(512);
