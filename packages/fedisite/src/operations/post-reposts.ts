import type { HandlerFor } from "@sda/contract";
import { FediClient } from "../client/client.ts";
import type { FedisiteEnv } from "../env.ts";
import { readPostReactions } from "../paging/account-lists.ts";
import type { postRepostsSpec } from "../spec/post-reposts.ts";

/**
 * Accounts that reposted (boosted) a post, as the instance asked knows them.
 *
 * Upstream: `GET /api/v1/statuses/<id>/reblogged_by`, pages chained by `max_id`.
 * @returns `{ data: { postId, users, …page }, source: "mastodon:reblogged_by", count }`.
 * @throws ServiceError 422 `instance_not_allowed`, 404 `post_not_found`, 400 `invalid_cursor`, 502 `upstream_*`.
 */
export const postRepostsHandler: HandlerFor<typeof postRepostsSpec, FedisiteEnv> = async (params, ctx) => {
  const data = await readPostReactions(new FediClient(ctx, params.url.instance), ctx, "reblogged_by", params);
  return { data, source: "mastodon:reblogged_by", count: data.totalReturned };
};
