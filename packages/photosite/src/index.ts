/**
 * The photosite (photo platform) package: the web API / GraphQL client, typed readers of its answers, and the
 * photosite operations (SPEC §4.3). What it exports is its platform, `photositePlatform` (`spec.ts`), which the
 * catalog lists: hosts, env, error codes and the operation specs (params, price, cache), each with the lazy import
 * of its handler, so importing the package loads no extraction code.
 */
export { photositePlatform } from "./spec.ts";
