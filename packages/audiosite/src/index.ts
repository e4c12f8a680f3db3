/**
 * The audiosite (SoundCloud) package: the api-v2 client with the web app's key, resolve of links, urns and short
 * links, typed readers of users, tracks, playlists, comments, likes, search and charts, and the audiosite
 * operations' handlers (the audio transcript through `@sda/media`). What it exports is its platform,
 * `audiositePlatform` (`spec.ts`), which the catalog lists: hosts, env, error codes and the operation specs
 * (params, price, cache), each with the lazy import of its handler, so importing the package loads no extraction
 * code.
 */
export { audiositePlatform } from "./spec.ts";
