/**
 * The forumsite (forum platform, Reddit) package's handlers: the catalog loads this module lazily (workers only) and
 * takes `forumsiteHandlers` from it. The platform spec (hosts, env, error codes, params, prices, cache; no extraction
 * code) is the `./spec` export, the monitor rules the `./monitor` export. Inside: the OAuth app-only / public JSON and
 * Atom clients (`client/`), typed readers of its things (`readers/`), the list and thread pagers (`paging/`) and the
 * seven operations of SPEC §4.4 (`operations/`).
 */
export { forumsiteHandlers } from "./handlers.ts";
