/**
 * The microblogsite (Bluesky) package: a client of the AppView's XRPC queries (and of the operator session), typed
 * readers of profiles, posts, embeds, facets and threads, and the microblogsite operations' handlers. What it
 * exports is its platform, `microblogsitePlatform` (`spec.ts`), which the catalog lists: hosts, env, error codes
 * and the operation specs (params, price, cache), each with the lazy import of its handler, so importing the
 * package loads no extraction code.
 */
export { microblogsitePlatform } from "./spec.ts";
