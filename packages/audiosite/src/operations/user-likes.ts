import type { HandlerFor } from "@sda/contract";
import { readLike } from "../readers/lists.ts";
import { platformOf } from "../readers/platform.ts";
import type { userLikesSpec } from "../spec/user-likes.ts";
import { readUserList } from "./user-lists.ts";

/**
 * The handler of `audiosite.user-likes`: one page of `/users/<id>/likes` (api-v2), rows cut to `limit`.
 * @returns `{ url, userId, likes, totalReturned, nextCursor, hasMore }`; source `api-v2:user-likes`; billed 0 when empty.
 * @throws ServiceError 404 `not_found`, 400 `url_kind_mismatch` | `invalid_cursor`, 502 `upstream_*`.
 */
export const userLikesHandler: HandlerFor<typeof userLikesSpec> = async (params, ctx) => {
  const page = await readUserList(ctx, {
    params,
    tab: "likes",
    read: (row) => readLike(row, platformOf(ctx)),
  });
  const { items, ...rest } = page;
  return { data: { ...rest, likes: items }, source: "api-v2:user-likes", count: items.length };
};
