import type { HandlerFor } from "@sda/contract";
import { FediClient } from "../client/client.ts";
import type { FedisiteEnv } from "../env.ts";
import { readPostReactions } from "../paging/account-lists.ts";
import type { postLikesSpec } from "../spec/post-likes.ts";

/**
 * Accounts that liked (favourited) a post, as the instance asked knows them.
 *
 * Upstream: `GET /api/v1/statuses/<id>/favourited_by`, pages chained by `max_id`.
 * @returns `{ data: { postId, users, …page }, source: "mastodon:favourited_by", count }`.
 * @throws ServiceError 422 `instance_not_allowed`, 404 `post_not_found`, 400 `invalid_cursor`, 502 `upstream_*`.
 */
export const postLikesHandler: HandlerFor<typeof postLikesSpec, FedisiteEnv> = async (params, ctx) => {
  const data = await readPostReactions(
    new FediClient(ctx, params.url.instance),
    ctx,
    "favourited_by",
    params,
  );
  return { data, source: "mastodon:favourited_by", count: data.totalReturned };
};
