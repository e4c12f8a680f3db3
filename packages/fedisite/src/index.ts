/**
 * The fedisite (Mastodon) package: the instance policy and client of any instance a link names (behind the upstream
 * client's SSRF guard), typed readers of accounts and statuses, and the fedisite operations' handlers. What it
 * exports is its platform, `fedisitePlatform` (`spec.ts`), which the catalog lists: hosts, env, error codes and the
 * operation specs (params, price, cache), each with the lazy import of its handler, so importing the package loads
 * no extraction code.
 */
export { fedisitePlatform } from "./spec.ts";
