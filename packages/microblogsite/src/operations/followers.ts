import type { HandlerFor } from "@sda/contract";
import type { MicroblogsiteEnv } from "../env.ts";
import { graphOutcome } from "../paging/accounts.ts";
import type { followersSpec } from "../spec/followers.ts";

/**
 * The accounts following an account, newest first.
 *
 * Upstream: `app.bsky.graph.getFollowers?actor=<handle or DID>`, pages followed to fill `limit`; the answer's `subject`
 * is the account itself.
 * @returns `{ data: { subject, users, … }, source: "appview:getFollowers", count }`.
 * @throws ServiceError 400 `invalid_cursor`, 404 `profile_not_found`, 502 `upstream_*`.
 */
export const followersHandler: HandlerFor<typeof followersSpec, MicroblogsiteEnv> = (params, ctx) =>
  graphOutcome(ctx, "followers", params);
