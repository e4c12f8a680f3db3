import { cacheParam, cursorParam, defineOperation, fixed, limitParam } from "@sda/core";
import { z } from "zod";
import type { PhotositeListContext } from "../client/context.ts";
import { mediaKey } from "../fetch/connection.ts";
import { taggedPages } from "../fetch/tagged.ts";
import { decodePosition, fillLimit, listFields } from "../paging.ts";
import { type PostRow, postRow } from "../present.ts";
import { listTarget, profileOrUserIdShape, requireProfileOrUserId } from "../targets.ts";
import { mapListNotFound } from "./list-errors.ts";

const ID = "photosite.tagged-posts";

/** Query parameters of `GET /v1/photosite/tagged-posts`: `url` (profile) or `userId`, `limit`, `cursor`. */
export const taggedPostsParams = z
  .object({ ...profileOrUserIdShape, limit: limitParam(12, 100), cursor: cursorParam, cache: cacheParam })
  .superRefine(requireProfileOrUserId);

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
  const start = decodePosition(ctx, ID, params.cursor, cursorTarget);
  const target = await listTarget(ctx, params, start.via);
  const filled = await mapListNotFound(
    target.username ? `@${target.username}` : `with id ${target.userId}`,
    () =>
      fillLimit(ctx, {
        limit: params.limit,
        start,
        fetchPage: taggedPages(ctx, target.userId),
        keyOf: mediaKey,
      }),
  );
  const data: TaggedPosts = {
    userId: target.userId,
    username: target.username,
    staleFeed: filled.stale,
    ...listFields(ctx, ID, filled, cursorTarget, target.userId),
    posts: filled.rows.map(postRow),
  };
  return { data, source: `${target.resolved ? "web_profile_info+" : ""}graphql`, count: filled.rows.length };
}

/** `GET /v1/photosite/tagged-posts`: 1 credit per call (0 for an empty list). */
export const taggedPostsOperation = defineOperation({
  id: ID,
  method: "GET",
  path: "/v1/photosite/tagged-posts",
  tag: "photosite",
  summary:
    "Posts that tag a profile, with the author's verified flag and avatar when available and a staleFeed flag.",
  params: taggedPostsParams,
  price: fixed(1),
  queue: "photosite",
  cache: { mode: "optIn" },
  handler: (params, ctx) => getTaggedPosts(ctx, params),
});
