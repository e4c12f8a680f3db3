import { z } from "zod";
import { type FediUser, readUsers } from "./account.ts";
import { type FediPost, readStatuses } from "./status.ts";
import { type FediTag, readTags } from "./tags.ts";
import { parseAnswer } from "./values.ts";

/** Reader of `/api/v2/search`: accounts, statuses and hashtags (newer servers add `collections`, not read). */

/** The results of a search. */
export interface SearchResults {
  users: FediUser[];
  posts: FediPost[];
  hashtags: FediTag[];
}

const rawResults = z.object({
  accounts: z.array(z.unknown()).nullish(),
  statuses: z.array(z.unknown()).nullish(),
  hashtags: z.array(z.unknown()).nullish(),
});

/**
 * Reads a search answer.
 * @throws ServiceError 502 `upstream_error` when the answer is not a search result.
 */
export function readSearch(raw: unknown, instanceHost: string): SearchResults {
  const results = parseAnswer(rawResults, raw, "search results");
  return {
    users: readUsers(results.accounts ?? [], instanceHost),
    posts: readStatuses(results.statuses ?? [], instanceHost),
    hashtags: readTags(results.hashtags ?? []),
  };
}
