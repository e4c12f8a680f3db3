/**
 * The musicsite (Bandcamp) package: the client of artist pages, the mobile API, search and autocomplete (behind the
 * upstream client's SSRF guard for custom domains), typed readers of artists, releases as commerce listings,
 * packages and search results, and the musicsite operations' handlers. What it exports is its platform,
 * `musicsitePlatform` (`spec.ts`), which the catalog lists: hosts, env, error codes and the operation specs
 * (params, price, cache), each with the lazy import of its handler, so importing the package loads no extraction
 * code.
 */
export { musicsitePlatform } from "./spec.ts";
