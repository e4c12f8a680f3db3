import type { HandlerFor } from "@sda/contract";
import type { MicroblogsiteEnv } from "../env.ts";
import { graphOutcome } from "../paging/accounts.ts";
import type { followingSpec } from "../spec/following.ts";

/**
 * The accounts an account follows, newest first.
 *
 * Upstream: `app.bsky.graph.getFollows?actor=<handle or DID>`, pages followed to fill `limit`.
 * @returns `{ data: { subject, users, … }, source: "appview:getFollows", count }`.
 * @throws ServiceError 400 `invalid_cursor`, 404 `profile_not_found`, 502 `upstream_*`.
 */
export const followingHandler: HandlerFor<typeof followingSpec, MicroblogsiteEnv> = (params, ctx) =>
  graphOutcome(ctx, "follows", params);
