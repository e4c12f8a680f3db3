/**
 * The videosite (video platform) package: the innertube client (`client/`), typed readers of its answers and
 * caption bodies (`readers/`), list paging (`paging/`), and the handlers of the videosite operations
 * (`operations/`: transcript, video details, comments and replies, channel details, channel videos and shorts,
 * playlist videos and details, search, audio transcript, summary). What it exports is its platform,
 * `videositePlatform` (`spec.ts`), which the catalog lists: hosts, env, error codes and the operation specs
 * (params, price, cache), each with the lazy import of its handler, so importing the package loads no extraction
 * code.
 */
export { videositePlatform } from "./spec.ts";
