import { cacheParam, cursorParam, defineOperation, limitParam, perResult } from "@sda/core";
import { z } from "zod";
import type { PhotositeListContext } from "../client/context.ts";
import { mediaKey } from "../fetch/connection.ts";
import { timelinePages } from "../fetch/timeline.ts";
import { profileParam } from "../inputs.ts";
import { decodePosition, fillLimit, listFields } from "../paging.ts";
import { type PostRow, postRow } from "../present.ts";
import { mapListNotFound } from "./list-errors.ts";

const ID = "photosite.channel-posts";

/** Query parameters of `GET /v1/photosite/channel-posts`. */
export const channelPostsParams = z.object({
  url: profileParam,
  limit: limitParam(12, 100),
  cursor: cursorParam,
  cache: cacheParam,
});

/** `data` of channel-posts. */
export interface ChannelPosts {
  url: string;
  username: string;
  totalReturned: number;
  nextCursor: string | null;
  hasMore: boolean;
  posts: PostRow[];
}

/**
 * The latest posts of a public profile, pinned posts first as the platform serves them, filling `limit` by
 * following the platform's cursors (see `timelinePages`).
 * @returns `count` = rows returned (billed per result); source e.g. `web_profile_info`, `web_profile_info+graphql`.
 * @throws ServiceError 404 `profile_not_found`, 403 `profile_private`, 400 `invalid_cursor`, 502 `upstream_*`.
 */
export async function getChannelPosts(
  ctx: PhotositeListContext,
  params: z.output<typeof channelPostsParams>,
) {
  const { username } = params.url;
  const start = decodePosition(ctx, ID, params.cursor, username);
  const sources = new Set<string>();
  const filled = await mapListNotFound(`@${username}`, () =>
    fillLimit(ctx, {
      limit: params.limit,
      start,
      fetchPage: timelinePages(ctx, username, sources),
      keyOf: mediaKey,
    }),
  );
  const data: ChannelPosts = {
    url: params.url.url,
    username,
    ...listFields(ctx, ID, filled, username),
    posts: filled.rows.map(postRow),
  };
  return { data, source: [...sources].join("+") || "graphql", count: filled.rows.length };
}

/** `GET /v1/photosite/channel-posts`: 0.3 credits per post returned, rounded up per call. */
export const channelPostsOperation = defineOperation({
  id: ID,
  method: "GET",
  path: "/v1/photosite/channel-posts",
  tag: "photosite",
  summary: "Latest posts of a public profile (carousel slides, media count, author), with cursor pagination.",
  params: channelPostsParams,
  price: perResult(0.3, 12),
  queue: "photosite",
  cache: { mode: "optIn" },
  handler: (params, ctx) => getChannelPosts(ctx, params),
});
