import type { HandlerFor } from "@sda/contract";
import { FediClient } from "../client/client.ts";
import type { FedisiteEnv } from "../env.ts";
import { readSearch } from "../readers/search.ts";
import type { searchSpec } from "../spec/search.ts";

/**
 * Searches one instance. Logged out (no operator token for it), Mastodon finds the accounts and hashtags it knows and
 * posts only by their exact URL; with a token it also resolves remote accounts and URLs (`resolve=true`) and searches
 * the posts it lets that account search.
 *
 * Upstream: `GET /api/v2/search?q=&type=&limit=` (`resolve=true` only with a token).
 * @returns `{ data: { users, posts, hashtags, loggedIn, … }, source: "mastodon:search", count }`.
 * @throws ServiceError 422 `instance_not_allowed`, 403 `instance_login_required`, 502 `upstream_*`.
 */
export const searchHandler: HandlerFor<typeof searchSpec, FedisiteEnv> = async (params, ctx) => {
  const client = new FediClient(ctx, params.instance);
  const response = await client.get("/api/v2/search", {
    q: params.q,
    type: params.type === "all" ? undefined : params.type,
    limit: params.limit,
    resolve: client.loggedIn || undefined,
  });
  const { users, posts, hashtags } = readSearch(response.json(), client.host);
  const count = users.length + posts.length + hashtags.length;
  return {
    data: {
      query: params.q,
      instance: client.host,
      type: params.type,
      loggedIn: client.loggedIn,
      totalReturned: count,
      users,
      posts,
      hashtags,
    },
    source: "mastodon:search",
    count,
  };
};
