import type { HandlerFor } from "@sda/contract";
import type { z } from "zod";
import { GRID_PAGE_SIZE } from "../client/config.ts";
import type { PhotositeListContext } from "../client/context.ts";
import { taggedPages } from "../client/lists/tagged.ts";
import { profileNotFound } from "../client/profile.ts";
import { listTarget, targetName } from "../client/targets.ts";
import type { PhotositeEnv } from "../env.ts";
import { decodeListStart, listFields } from "../paging/cursor.ts";
import { fillTargetList, mediaKey } from "../paging/fill.ts";
import type { PhotositeServices } from "../services.ts";
import type { taggedPostsParams, taggedPostsSpec } from "../spec/tagged-posts.ts";
import { type PostRow, postRow } from "./rows.ts";

/** `data` of tagged-posts. */
export interface TaggedPosts {
  userId: string;
  username: string | null;
  /** True when the platform served a cached feed: a non-final answer, a page that repeated rows or did not move. */
  staleFeed: boolean;
  totalReturned: number;
  nextCursor: string | null;
  hasMore: boolean;
  posts: PostRow[];
}

/**
 * Posts that tag a profile (GraphQL tagged tab, see `taggedPages`). The tagged feed's nodes carry only the author's
 * id; `user` has the verified flag and avatar when the platform gives them.
 * @returns `count` = posts returned (an empty list costs 0); source `graphql`, prefixed `web_profile_info+` when the
 *   handle was resolved.
 * @throws ServiceError 404 `profile_not_found`, 403 `profile_private`, 400 `invalid_cursor`, 502 `upstream_*`.
 */
export async function getTaggedPosts(ctx: PhotositeListContext, params: z.output<typeof taggedPostsParams>) {
  const cursorTarget = params.userId ?? params.url?.username ?? "";
  const start = decodeListStart(ctx, params.cursor, cursorTarget);
  const target = await listTarget(ctx, params, start.via);
  const filled = await fillTargetList(ctx, () => profileNotFound(targetName(target)), {
    limit: params.limit,
    start: start.position,
    pageSize: GRID_PAGE_SIZE,
    fetchPage: taggedPages(ctx, target.userId),
    keyOf: mediaKey,
  });
  const data: TaggedPosts = {
    userId: target.userId,
    username: target.username,
    staleFeed: filled.stale === true,
    ...listFields(ctx, filled, cursorTarget, target.userId),
    posts: filled.items.map(postRow),
  };
  return { data, source: `${target.resolved ? "web_profile_info+" : ""}graphql`, count: filled.items.length };
}

/** The handler of `photosite.tagged-posts` (its spec: `taggedPostsSpec`). */
export const taggedPostsHandler: HandlerFor<typeof taggedPostsSpec, PhotositeEnv, PhotositeServices> = (
  params,
  ctx,
) => getTaggedPosts(ctx, params);
