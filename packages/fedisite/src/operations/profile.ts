import type { HandlerFor } from "@sda/contract";
import { ServiceError } from "@sda/core";
import { fetchAccount } from "../client/accounts.ts";
import { FediClient } from "../client/client.ts";
import type { FedisiteEnv } from "../env.ts";
import { type FeaturedTag, readFeaturedTags, readProfile } from "../readers/account.ts";
import type { profileSpec } from "../spec/profile.ts";

/**
 * One account: its profile and the hashtags it features.
 *
 * Upstream: `GET /api/v1/accounts/lookup?acct=` (or `/api/v1/accounts/<id>` for an id link), then
 * `GET /api/v1/accounts/<id>/featured_tags`; featured tags the instance does not answer (an upstream failure) are
 * null, the profile is still served.
 * @returns `{ data: FediProfile, source: "mastodon:account+featured_tags" }` (`mastodon:account` without tags).
 * @throws ServiceError 422 `instance_not_allowed`, 404 `profile_not_found`, 502 `upstream_*`.
 */
export const profileHandler: HandlerFor<typeof profileSpec, FedisiteEnv> = async (params, ctx) => {
  const client = new FediClient(ctx, params.url.instance);
  const profile = readProfile(await fetchAccount(client, params.url), client.host, ctx.platform);
  let featuredTags: FeaturedTag[] | null = null;
  try {
    const response = await client.get(`/api/v1/accounts/${encodeURIComponent(profile.id)}/featured_tags`);
    featuredTags = readFeaturedTags(response.json());
  } catch (error) {
    if (!(error instanceof ServiceError) || !error.code.startsWith("upstream_")) throw error;
    ctx.log.info({ err: error, instance: client.host }, "fedisite: featured tags unavailable");
  }
  return {
    data: { ...profile, featuredTags },
    source: featuredTags ? "mastodon:account+featured_tags" : "mastodon:account",
  };
};
