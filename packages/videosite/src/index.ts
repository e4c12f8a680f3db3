/**
 * The videosite (video platform) package: the innertube client (`client/`), typed readers of its answers and caption
 * bodies (`readers/`), list paging (`paging/`), and the handlers of the videosite operations (`operations/`:
 * transcript, video details, comments and replies, channel details, channel videos and shorts, playlist videos and
 * details, search, audio transcript, summary). The catalog loads this module lazily and finds `videositeHandlers`;
 * the platform spec (params, prices, cache; no extraction code) is the `./spec` export, the monitor rules `./monitor`.
 */

export { videositeHandlers } from "./handlers.ts";
