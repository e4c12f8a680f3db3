import type { HandlerFor } from "@sda/contract";
import { fetchAccount } from "../client/accounts.ts";
import { FediClient } from "../client/client.ts";
import type { FedisiteEnv } from "../env.ts";
import { readStatusList } from "../paging/status-lists.ts";
import { readUser } from "../readers/account.ts";
import type { postsSpec } from "../spec/posts.ts";

/**
 * An account's posts, newest first (pinned posts are not put first: Mastodon lists them apart).
 *
 * Upstream: the account (`accounts/lookup`, or none for an id link), then `GET /api/v1/accounts/<id>/statuses` with
 * `exclude_replies`, `exclude_reblogs`, `only_media` sent only when asked, pages chained by `max_id`.
 * @returns `{ data: { account, posts, …page }, source: "mastodon:account_statuses", count }`.
 * @throws ServiceError 422 `instance_not_allowed`, 404 `profile_not_found`, 400 `invalid_cursor`, 502 `upstream_*`.
 */
export const postsHandler: HandlerFor<typeof postsSpec, FedisiteEnv> = async (params, ctx) => {
  const client = new FediClient(ctx, params.url.instance);
  const account = params.url.id ? null : readUser(await fetchAccount(client, params.url), client.host);
  const id = account?.id ?? params.url.id ?? "";
  const page = await readStatusList(client, ctx, {
    path: `/api/v1/accounts/${encodeURIComponent(id)}/statuses`,
    query: {
      exclude_replies: params.excludeReplies || undefined,
      exclude_reblogs: params.excludeReposts || undefined,
      only_media: params.onlyMedia || undefined,
    },
    limit: params.limit,
    cursor: params.cursor,
    notFound: "profile_not_found",
  });
  return {
    data: { accountId: id, account: account?.username ?? null, ...page },
    source: "mastodon:account_statuses",
    count: page.totalReturned,
  };
};
