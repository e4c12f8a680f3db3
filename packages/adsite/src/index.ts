/**
 * The adsite package (the Meta Ad Library, read logged out): the library client (pages and GraphQL), typed readers
 * of its pages, ads, scroll batches and ad details, and the four adsite operations' handlers. What it exports is
 * its platform, `adsitePlatform` (`spec.ts`), which the catalog lists: hosts, env, error codes and the operation
 * specs (params, price, cache), each with the lazy import of its handler, so importing the package loads no
 * extraction code.
 */
export { adsitePlatform } from "./spec.ts";
