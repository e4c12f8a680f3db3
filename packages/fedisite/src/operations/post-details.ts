import type { HandlerFor } from "@sda/contract";
import { FediClient } from "../client/client.ts";
import type { FedisiteEnv } from "../env.ts";
import { readStatus } from "../readers/status.ts";
import type { postDetailsSpec } from "../spec/post-details.ts";

/**
 * One post, as the instance asked knows it.
 *
 * Upstream: `GET /api/v1/statuses/<id>`.
 * @returns `{ data: FediPost, source: "mastodon:status" }`.
 * @throws ServiceError 422 `instance_not_allowed`, 404 `post_not_found`, 502 `upstream_*`.
 */
export const postDetailsHandler: HandlerFor<typeof postDetailsSpec, FedisiteEnv> = async (params, ctx) => {
  const client = new FediClient(ctx, params.url.instance);
  const response = await client.get(
    `/api/v1/statuses/${encodeURIComponent(params.url.id)}`,
    {},
    "post_not_found",
  );
  return {
    data: { ...readStatus(response.json(), client.host), instance: client.host },
    source: "mastodon:status",
  };
};
