/**
 * The newssite (Hacker News) package: clients of the official Firebase API and the Algolia search API, typed
 * readers of items, threads, search hits and users, and the six newssite operations' handlers. What it exports is
 * its platform, `newssitePlatform` (`spec.ts`), which the catalog lists: hosts, env, error codes and the operation
 * specs (params, price, cache), each with the lazy import of its handler, so importing the package loads no
 * extraction code.
 */
export { newssitePlatform } from "./spec.ts";
