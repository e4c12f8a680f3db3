import type { HandlerFor, OperationContext } from "@sda/contract";
import type { z } from "zod";
import { ForumClient } from "../client/client.ts";
import type { ForumsiteEnv } from "../env.ts";
import type { ForumsiteServices } from "../services.ts";
import type { searchParams, searchSpec } from "../spec/search.ts";
import { type SearchPage, searchPosts } from "./search-posts.ts";

/**
 * Site-wide post search.
 *
 * Upstream: `GET /r/all/search?q=…&sort=…&t=…&type=link`, paged with `after`.
 * @returns `{ data: SearchPage, source: "<oauth|public|atom>:search", count }`.
 * @throws ServiceError 400 `invalid_cursor`, 502 `upstream_*`.
 */
export async function searchSite(
  params: z.output<typeof searchParams>,
  ctx: OperationContext<ForumsiteEnv, ForumsiteServices>,
): Promise<{ data: SearchPage; source: string; count: number }> {
  const client = new ForumClient(ctx);
  const { via, ...data } = await searchPosts(client, ctx, {
    subreddit: null,
    q: params.q,
    sort: params.sort,
    timeframe: params.timeframe,
    limit: params.limit,
    cursor: params.cursor,
  });
  return { data, source: `${via}:search`, count: data.posts.length };
}

/** The handler of `forumsite.search` (its spec: `searchSpec`). */
export const searchHandler: HandlerFor<typeof searchSpec, ForumsiteEnv, ForumsiteServices> = (params, ctx) =>
  searchSite(params, ctx);
