/**
 * The fedisite (Mastodon) package: the instance policy and client of any instance a link names (behind the
 * upstream client's SSRF guard), typed readers of accounts and statuses, and the fedisite operations'
 * handlers. The platform spec (params, price, cache, and each operation's lazy handler import; no extraction
 * code) is the `./spec` export.
 */
export { checkInstance } from "./client/instance-policy.ts";
export { type FediProfile, type FediUser, readProfile, readUser, readUsers } from "./readers/account.ts";
export { nextPageParam } from "./readers/link-header.ts";
export { type FediPost, readPollAnswer, readStatus, readStatuses } from "./readers/status.ts";
export { fedisitePlatform } from "./spec.ts";
