import type { HandlerFor } from "@sda/contract";
import type { MicroblogsiteEnv } from "../env.ts";
import { readQueryList } from "../paging/query-list.ts";
import { readAccount } from "../readers/actor.ts";
import { rawActorsPage } from "../readers/lexicon.ts";
import type { userSearchSpec } from "../spec/user-search.ts";

/**
 * Account search.
 *
 * Upstream: `app.bsky.actor.searchActors?q=…`, pages followed to fill `limit`.
 * @returns `{ data: { query, users, … }, source: "appview:searchActors", count }`.
 * @throws ServiceError 400 `invalid_cursor`, 502 `upstream_*`.
 */
export const userSearchHandler: HandlerFor<typeof userSearchSpec, MicroblogsiteEnv> = async (params, ctx) => {
  const page = await readQueryList(ctx, {
    nsid: "app.bsky.actor.searchActors",
    query: { q: params.q },
    schema: rawActorsPage("actors"),
    rows: (answer) => answer.actors.map(readAccount),
    keyOf: (user) => user.id,
    limit: params.limit,
    cursor: params.cursor,
    missing: () => null,
  });
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
