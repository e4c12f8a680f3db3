/**
 * The videosite (video platform) package: the innertube client (`client/`), typed readers of its answers and caption
 * bodies (`readers/`), list paging (`paging/`), and the handlers of the videosite operations (`operations/`:
 * transcript, video details, comments and replies, channel details, channel videos and shorts, playlist videos and
 * details, search, audio transcript, summary). What it exports is the platform (also the `./spec` export the catalog
 * lists): the operation specs (params, prices, cache), each with the lazy import of its handler, so no extraction
 * code loads before a worker runs the operation.
 */

export { videositePlatform } from "./spec.ts";
