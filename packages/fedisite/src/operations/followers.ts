import type { HandlerFor } from "@sda/contract";
import { FediClient } from "../client/client.ts";
import type { FedisiteEnv } from "../env.ts";
import { readRelationList } from "../paging/account-lists.ts";
import type { followersSpec } from "../spec/followers.ts";

/**
 * Accounts following an account, newest first.
 *
 * Upstream: the account (`accounts/lookup`, or none for an id link), then `GET /api/v1/accounts/<id>/followers`, pages
 * chained by `max_id`.
 * @returns `{ data: { accountId, users, …page }, source: "mastodon:followers", count }`.
 * @throws ServiceError 422 `instance_not_allowed`, 404 `profile_not_found`, 400 `invalid_cursor`, 502 `upstream_*`.
 */
export const followersHandler: HandlerFor<typeof followersSpec, FedisiteEnv> = async (params, ctx) => {
  const data = await readRelationList(new FediClient(ctx, params.url.instance), ctx, "followers", params);
  return { data, source: "mastodon:followers", count: data.totalReturned };
};
