/**
 * The newssite (Hacker News) package: clients of the official Firebase API and the Algolia search API, typed
 * readers of items, threads, search hits and users, and the six newssite operations' handlers. The platform spec
 * (params, price, cache, and each operation's lazy handler import; no extraction code) is the `./spec` export,
 * which the catalog lists; a worker imports a handler on its operation's first call.
 */
export { NewsClient } from "./client/client.ts";
export { type NewssiteErrorCode, newssiteErrorCodes } from "./errors.ts";
export { parseItemRef } from "./inputs/item-ref.ts";
export { parseUserRef } from "./inputs/user-ref.ts";
export type { ItemCommentsResult } from "./operations/item-comments.ts";
export type { SearchResult } from "./operations/search.ts";
export type { StoriesResult } from "./operations/stories.ts";
export type { UserItemsResult } from "./operations/user-items.ts";
export { readItemTree, readSearchPage, type SearchItem, type ThreadComment } from "./readers/algolia.ts";
export { type ItemType, type NewsItem, type PollOption, readFirebaseItem } from "./readers/item.ts";
export { type NewsUser, readAlgoliaUser, readFirebaseUser } from "./readers/user.ts";
export { newssitePlatform } from "./spec.ts";
