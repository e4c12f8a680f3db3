/**
 * The musicsite (Bandcamp) package: the client of artist pages, the mobile API, search and autocomplete (behind the
 * upstream client's SSRF guard for custom domains), typed readers of artists, releases as commerce listings,
 * packages and search results, and the musicsite operations' handlers. The platform spec (params, price, cache, and
 * each operation's lazy handler import; no extraction code) is the `./spec` export.
 */
export { parseBandcampLink } from "./inputs/links.ts";
export { type MusicArtist, readBandDetails } from "./readers/band.ts";
export { readPageData } from "./readers/page-data.ts";
export { type MusicRelease, readReleasePage, readTralbumDetails } from "./readers/release.ts";
export { readSearchPage, readSuggestions } from "./readers/search.ts";
export { musicsitePlatform } from "./spec.ts";
