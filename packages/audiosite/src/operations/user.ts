import type { HandlerFor } from "@sda/contract";
import { AudiositeApi } from "../client/api.ts";
import { fetchResource } from "../client/resolve.ts";
import { fail } from "../errors.ts";
import { platformOf } from "../readers/platform.ts";
import { readUser } from "../readers/user.ts";
import type { userSpec } from "../spec/user.ts";

/** 502 `upstream_error` for an api-v2 object the readers cannot read (no id). */
export const unreadable = (what: string) =>
  fail("upstream_error", `audiosite: the ${what} answer has no id`, {
    retryable: false,
  });

/**
 * The handler of `audiosite.user`: `/resolve` of the link (a urn: `/users/<id>`).
 * @returns the profile; source `api-v2:resolve` or `api-v2:users`.
 * @throws ServiceError 404 `not_found`, 400 `url_kind_mismatch`, 502 `upstream_*`.
 */
export const userHandler: HandlerFor<typeof userSpec> = async (params, ctx) => {
  const object = await fetchResource(ctx, new AudiositeApi(ctx), params.url, "user");
  const user = readUser(object, platformOf(ctx));
  if (!user) throw unreadable("user");
  return { data: user, source: params.url.by === "id" ? "api-v2:users" : "api-v2:resolve" };
};
