import type { HandlerFor } from "@sda/core";
import { AppView } from "../client/appview.ts";
import type { MicroblogsiteEnv } from "../env.ts";
import { readList } from "../paging/pager.ts";
import { readAccount } from "../readers/actor.ts";
import { rawActorsPage, readAnswer } from "../readers/lexicon.ts";
import type { userSearchSpec } from "../spec/user-search.ts";

/**
 * Account search.
 *
 * Upstream: `app.bsky.actor.searchActors?q=…`, pages followed to fill `limit`.
 * @returns `{ data: { query, users, … }, source: "appview:searchActors", count }`.
 * @throws ServiceError 400 `invalid_cursor`, 502 `upstream_*`.
 */
export const userSearchHandler: HandlerFor<typeof userSearchSpec, MicroblogsiteEnv> = async (params, ctx) => {
  const appview = new AppView(ctx);
  const page = await readList(
    ctx,
    { operationId: "microblogsite.user-search", key: params.q, limit: params.limit, cursor: params.cursor },
    async (cursor, size) => {
      const body = await appview.get(
        "app.bsky.actor.searchActors",
        { q: params.q, limit: size, cursor: cursor ?? undefined },
        () => null,
      );
      const answer = readAnswer(rawActorsPage("actors"), body, "searchActors");
      return { items: answer.actors.map(readAccount), next: answer.cursor || null };
    },
    (user) => user.id,
  );
  return {
    data: {
      query: params.q,
      totalReturned: page.items.length,
      nextCursor: page.nextCursor,
      hasMore: page.hasMore,
      users: page.items,
    },
    source: "appview:searchActors",
    count: page.items.length,
  };
};
