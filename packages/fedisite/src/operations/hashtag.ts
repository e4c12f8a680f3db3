import type { HandlerFor } from "@sda/contract";
import { FediClient } from "../client/client.ts";
import { hashtagScope } from "../client/instance-info.ts";
import type { FedisiteEnv } from "../env.ts";
import { readStatusList } from "../paging/status-lists.ts";
import type { hashtagSpec } from "../spec/hashtag.ts";

/**
 * A hashtag's timeline on the instance asked, newest first.
 *
 * Upstream: `GET /api/v2/instance` (its `timelines_access.hashtag_feeds`, kept a few minutes per instance), then
 * `GET /api/v1/timelines/tag/<tag>` (`local=true` or `remote=true` when the instance serves only those to us), pages
 * chained by `max_id`.
 * @returns `{ data: { tag, instance, scope, posts, …page }, source: "mastodon:timelines/tag", count }`.
 * @throws ServiceError 422 `instance_not_allowed`, 403 `instance_login_required`, 400 `invalid_cursor`, 502
 *   `upstream_*`.
 */
export const hashtagHandler: HandlerFor<typeof hashtagSpec, FedisiteEnv> = async (params, ctx) => {
  const client = new FediClient(ctx, params.url.instance);
  const scope = await hashtagScope(client);
  const page = await readStatusList(client, ctx, {
    path: `/api/v1/timelines/tag/${encodeURIComponent(params.url.tag)}`,
    query: { local: scope === "local" || undefined, remote: scope === "remote" || undefined },
    limit: params.limit,
    cursor: params.cursor,
  });
  return {
    data: { tag: params.url.tag, instance: client.host, scope, ...page },
    source: "mastodon:timelines/tag",
    count: page.totalReturned,
  };
};
