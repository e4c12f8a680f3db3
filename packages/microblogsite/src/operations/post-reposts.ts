import type { HandlerFor } from "@sda/contract";
import type { MicroblogsiteEnv } from "../env.ts";
import { postAccountsOutcome } from "../paging/accounts.ts";
import { readAccount } from "../readers/actor.ts";
import { rawActorsPage } from "../readers/lexicon.ts";
import type { postRepostsSpec } from "../spec/post-reposts.ts";

/**
 * The accounts that reposted a post.
 *
 * Upstream: the author's handle resolved to a DID when the link names one, then `app.bsky.feed.getRepostedBy?uri=…`,
 * pages followed to fill `limit`.
 * @returns `{ data: { postId, users, … }, source: "appview:getRepostedBy", count }`.
 * @throws ServiceError 400 `invalid_cursor`, 404 `profile_not_found` / `post_not_found`, 502 `upstream_*`.
 */
export const postRepostsHandler: HandlerFor<typeof postRepostsSpec, MicroblogsiteEnv> = (params, ctx) =>
  postAccountsOutcome(ctx, params, {
    nsid: "app.bsky.feed.getRepostedBy",
    schema: rawActorsPage("repostedBy"),
    rows: (answer) => answer.repostedBy.map(readAccount),
  });
