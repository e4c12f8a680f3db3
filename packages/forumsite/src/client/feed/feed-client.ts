import { fail } from "../../errors.ts";
import { readAtomPosts } from "../../readers/atom.ts";
import { SITE_ORIGIN } from "../../readers/listing.ts";
import type { PostRow } from "../../readers/post.ts";
import { isBlockPage } from "../block-page.ts";
import type { ForumContext, Query } from "../client.ts";
import { pickEgress } from "../egress.ts";
import { type ForumResource, platformError } from "../errors.ts";
import { awaitCredential, BLOCKED_REASON, pauseCredential } from "../rate-limit.ts";

/**
 * `GET https://www.reddit.com<path>.rss`: the Atom form of a listing or search, sent like a feed reader (no
 * credentials, the configured User-Agent, the egress of `FORUMSITE_PROXIES`). The feeds are budgeted and blocked apart
 * from the `.json` API, so their pauses live under their own credential `feed` (see `client/rate-limit.ts`).
 */

const FEED_CREDENTIAL = "feed";

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Reads one feed page.
 * @param path the API path of the listing (`/r/golang/hot`, `/r/all/search`); `.rss` is appended.
 * @returns the post rows in feed order.
 * @throws ServiceError 404 `subreddit_not_found` (the redirect to subreddit search, or the platform's 404 object);
 *   502 `upstream_blocked` (block page; the feed credential rests), `upstream_rate_limited` (429 or a paused
 *   credential), `upstream_error` (not a feed).
 */
export async function readFeed(
  ctx: ForumContext,
  path: string,
  query: Query,
  resource: ForumResource,
): Promise<PostRow[]> {
  const egress = await pickEgress(ctx, FEED_CREDENTIAL);
  await awaitCredential(ctx, egress.credential);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null) params.set(key, String(value));
  const response = await ctx.http.request(
    {
      url: `${SITE_ORIGIN}${path}.rss${params.size > 0 ? `?${params.toString()}` : ""}`,
      headers: {
        "user-agent": ctx.env.FORUMSITE_USER_AGENT,
        accept: "application/atom+xml, application/xml;q=0.9",
      },
      followRedirects: false,
      acceptStatus: [301, 302, 403, 404, 429],
      ...(egress.proxy ? { proxy: egress.proxy } : {}),
    },
    ctx.signal,
  );
  const body = response.text();
  if (response.status === 429) {
    const seconds = Number(header(response.headers["retry-after"])) || 60;
    await pauseCredential(ctx, egress.credential, seconds, "http_429");
    throw fail("upstream_rate_limited", "forumsite is rate limiting its feeds (429)", {
      retryAfterSeconds: Math.max(1, Math.ceil(seconds)),
      details: { upstreamStatus: 429, via: "atom" },
    });
  }
  if (isBlockPage(response.status, body)) {
    const seconds = ctx.env.FORUMSITE_BLOCK_COOLDOWN_SECONDS;
    await pauseCredential(ctx, egress.credential, seconds, BLOCKED_REASON);
    throw fail("upstream_blocked", "forumsite answered its block page to the feed (403)", {
      retryAfterSeconds: seconds,
      details: { upstreamStatus: 403, reason: "blocked", via: "atom" },
    });
  }
  if (response.status !== 200) {
    let json: unknown = null;
    try {
      json = JSON.parse(body);
    } catch {
      // an HTML error page: platformError answers it as an upstream failure
    }
    throw platformError(
      {
        status: response.status,
        json,
        location: header(response.headers.location) ?? null,
        snippet: body.slice(0, 300),
      },
      resource,
    );
  }
  const rows = readAtomPosts(body);
  if (!rows)
    throw fail("upstream_error", "forumsite answered something that is not a feed", {
      retryAfterSeconds: 5,
      details: { via: "atom" },
    });
  return rows;
}
