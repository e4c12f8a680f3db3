/**
 * The forumsite (forum platform, Reddit) package. What it exports is its platform, `forumsitePlatform` (`spec.ts`),
 * which the catalog lists: hosts, env, error codes and the operation specs (params, price, cache), each with the
 * lazy import of its handler, so importing the package loads no extraction code. Inside: the OAuth app-only /
 * public JSON and Atom clients (`client/`), typed readers of its things (`readers/`), the list and thread pagers
 * (`paging/`) and the seven operations of SPEC §4.4 (`operations/`).
 */
export { forumsitePlatform } from "./spec.ts";
