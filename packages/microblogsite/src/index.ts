/**
 * The microblogsite (Bluesky) package: a client of the AppView's XRPC queries (and of the operator session),
 * typed readers of profiles, posts, embeds, facets and threads, and the microblogsite operations' handlers.
 * The platform spec (params, price, cache, and each operation's lazy handler import; no extraction code) is
 * the `./spec` export.
 */
export { type MicroblogsiteErrorCode, microblogsiteErrorCodes } from "./errors.ts";
export { parseActorRef, parseRecordRef } from "./inputs/refs.ts";
export { type Account, type Profile, readAccount, readProfile } from "./readers/actor.ts";
export { type Post, readFeedItem, readPost } from "./readers/post.ts";
export { flattenReplies, readThreadRoot, type ThreadComment } from "./readers/thread.ts";
export { microblogsitePlatform } from "./spec.ts";
