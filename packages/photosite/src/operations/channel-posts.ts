import type { HandlerFor } from "@sda/contract";
import type { z } from "zod";
import { GRID_PAGE_SIZE } from "../client/config.ts";
import type { PhotositeListContext } from "../client/context.ts";
import { timelinePages } from "../client/lists/timeline.ts";
import { profileNotFound } from "../client/profile.ts";
import type { PhotositeEnv } from "../env.ts";
import { decodeListStart, listFields } from "../paging/cursor.ts";
import { fillTargetList, mediaKey } from "../paging/fill.ts";
import type { PhotositeServices } from "../services.ts";
import type { channelPostsParams, channelPostsSpec } from "../spec/channel-posts.ts";
import { type PostRow, postRow } from "./rows.ts";

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
  const start = decodeListStart(ctx, params.cursor, username);
  const sources = new Set<string>();
  const filled = await fillTargetList(ctx, () => profileNotFound(`@${username}`), {
    limit: params.limit,
    start: start.position,
    pageSize: GRID_PAGE_SIZE,
    fetchPage: timelinePages(ctx, username, sources),
    keyOf: mediaKey,
  });
  const data: ChannelPosts = {
    url: params.url.url,
    username,
    ...listFields(ctx, filled, username),
    posts: filled.items.map(postRow),
  };
  return { data, source: [...sources].join("+") || "graphql", count: filled.items.length };
}

/** The handler of `photosite.channel-posts` (its spec: `channelPostsSpec`). */
export const channelPostsHandler: HandlerFor<typeof channelPostsSpec, PhotositeEnv, PhotositeServices> = (
  params,
  ctx,
) => getChannelPosts(ctx, params);
