import { fail } from "../errors.ts";
import { ORIGIN } from "../inputs/site.ts";
import { readWatchPage, type WatchPageData } from "../readers/video/watch-page.ts";
import type { UpstreamContext } from "./context.ts";
import { LOCALE, webHeaders } from "./innertube/config.ts";

/**
 * The watch page of a video, as a fallback source of the WEB microformat and of the watch-next data.
 * Source: `GET /watch?v=<id>` (with the consent cookie; `hl`, `gl` in English/US).
 * @throws ServiceError `upstream_*` when the request fails, or `upstream_error` when the page carries neither object
 *   (a consent or captcha page).
 */
export async function fetchWatchPage(ctx: UpstreamContext, videoId: string): Promise<WatchPageData> {
  const { "content-type": _json, ...headers } = webHeaders();
  const response = await ctx.http.request(
    {
      url: `${ORIGIN}/watch?v=${videoId}&hl=${LOCALE.hl}&gl=${LOCALE.gl}&has_verified=1&bpctr=9999999999`,
      method: "GET",
      headers: { ...headers, accept: "text/html" },
    },
    ctx.signal,
  );
  const page = readWatchPage(response.text(), videoId);
  if (page.player === null && page.initialData === null)
    throw fail("upstream_error", "videosite: the watch page carries no video data", {});
  return page;
}
