/**
 * The adsite package (the Meta Ad Library, read logged out): the library client (pages and GraphQL), typed
 * readers of its pages, ads, scroll batches and ad details, and the four adsite operations' handlers. The
 * platform spec (params, price, cache, and each operation's lazy handler import; no extraction code) is the
 * `./spec` export.
 */
export { type AdsiteErrorCode, adsiteErrorCodes } from "./errors.ts";
export { parseLibraryLink } from "./inputs/links.ts";
export { type AdChange, adChanges, adVersion } from "./monitor.ts";
export { type LibraryAd, readAd } from "./readers/ad.ts";
export { type AdBatch, readConnection } from "./readers/connection.ts";
export { type AdDetails, readAdDetails } from "./readers/details.ts";
export { type LibraryPage, readLibraryPage } from "./readers/page.ts";
export { type DisplayRange, parseDisplayRange } from "./readers/ranges.ts";
export { adsitePlatform } from "./spec.ts";
