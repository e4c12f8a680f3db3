import type { HandlerFor } from "@sda/contract";
import { toUtcIso } from "@sda/text";
import type { MicroblogsiteEnv } from "../env.ts";
import { postAccountsOutcome } from "../paging/accounts.ts";
import { readAccount } from "../readers/actor.ts";
import { rawLikesPage } from "../readers/lexicon.ts";
import type { postLikesSpec } from "../spec/post-likes.ts";

/**
 * The accounts that liked a post, newest first, with when they liked it.
 *
 * Upstream: the author's handle resolved to a DID when the link names one, then `app.bsky.feed.getLikes?uri=…`, pages
 * followed to fill `limit`. The AppView answers a post it does not know with an empty list: so does this.
 * @returns `{ data: { postId, users, … }, source: "appview:getLikes", count }`.
 * @throws ServiceError 400 `invalid_cursor`, 404 `profile_not_found` / `post_not_found`, 502 `upstream_*`.
 */
export const postLikesHandler: HandlerFor<typeof postLikesSpec, MicroblogsiteEnv> = (params, ctx) =>
  postAccountsOutcome(ctx, params, {
    nsid: "app.bsky.feed.getLikes",
    schema: rawLikesPage,
    rows: (answer) =>
      answer.likes.map((like) => ({
        ...readAccount(like.actor),
        likedAt: toUtcIso(like.createdAt ?? like.indexedAt),
      })),
  });
