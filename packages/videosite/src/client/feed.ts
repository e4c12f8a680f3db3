import { fail, type VideositeErrorCode } from "../errors.ts";
import { ORIGIN } from "../inputs/site.ts";
import { type Feed, type FeedTarget, readFeed } from "../readers/listing/feed.ts";
import type { UpstreamContext } from "./context.ts";

/**
 * Fetches and reads a feed.
 * @param notFound the 404 code to answer when the platform has no such feed (`channel_not_found`,
 *   `playlist_not_found`).
 * @throws ServiceError 404 `notFound` (HTTP 404, or a 200 that is not a feed), `upstream_*` when the request fails.
 */
export async function fetchFeed(
  ctx: UpstreamContext,
  target: FeedTarget,
  notFound: VideositeErrorCode,
): Promise<Feed> {
  const [key, value] = Object.entries(target)[0] as [string, string];
  const response = await ctx.http.request(
    {
      url: `${ORIGIN}/feeds/videos.xml?${key}=${encodeURIComponent(value)}`,
      acceptStatus: [404],
    },
    ctx.signal,
  );
  const feed = response.status === 200 ? readFeed(response.text()) : null;
  if (!feed)
    throw fail(notFound, `videosite has no feed for ${key}=${value}`, {
      details: { [key]: value },
    });
  return feed;
}
