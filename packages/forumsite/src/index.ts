/**
 * The forumsite (forum platform, Reddit) package. What it exports is the platform (also the `./spec` export the
 * catalog lists): hosts, env, error codes and the operation specs (params, prices, cache), each with the lazy import
 * of its handler, so no extraction code loads before a worker runs the operation. Inside: the OAuth app-only / public
 * JSON and Atom clients (`client/`), typed readers of its things (`readers/`), the list and thread pagers (`paging/`)
 * and the seven operations of SPEC §4.4 (`operations/`).
 */
export { forumsitePlatform } from "./spec.ts";
