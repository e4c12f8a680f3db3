import type { HandlerFor } from "@sda/contract";
import { FediClient } from "../client/client.ts";
import { fetchInstance } from "../client/instance-info.ts";
import type { FedisiteEnv } from "../env.ts";
import type { instanceSpec } from "../spec/instance.ts";

/**
 * An instance's description.
 *
 * Upstream: `GET /api/v2/instance` and `GET /api/v1/instance` for the totals; `/api/v1/instance` alone on servers
 * without v2 (before Mastodon 4.0).
 * @returns `{ data: FediInstance, source: "mastodon:instance/v2" | "mastodon:instance/v1" }`.
 * @throws ServiceError 422 `instance_not_allowed`, 502 `upstream_*`.
 */
export const instanceHandler: HandlerFor<typeof instanceSpec, FedisiteEnv> = async (params, ctx) => {
  const instance = await fetchInstance(new FediClient(ctx, params.url), true);
  return { data: instance, source: `mastodon:instance/${instance.api}` };
};
