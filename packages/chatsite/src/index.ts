/**
 * The chatsite (Telegram public channels) package: the client of `t.me`'s public HTML pages (web preview, landing
 * card, post widget), cheerio readers of channels and posts, and the four chatsite operations' handlers. What it
 * exports is its platform, `chatsitePlatform` (`spec.ts`), which the catalog lists: hosts, env, error codes and the
 * operation specs (params, price, cache), each with the lazy import of its handler, so importing the package loads
 * no extraction code.
 */
export { chatsitePlatform } from "./spec.ts";
