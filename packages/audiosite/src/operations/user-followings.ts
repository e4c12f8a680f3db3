import type { HandlerFor } from "@sda/contract";
import { platformOf } from "../readers/platform.ts";
import { readUser } from "../readers/user.ts";
import type { userFollowingsSpec } from "../spec/user-followings.ts";
import { readUserList } from "./user-lists.ts";

/**
 * The handler of `audiosite.user-followings`: one page of `/users/<id>/followings` (api-v2), rows cut to `limit`.
 * @returns `{ url, userId, users, totalReturned, nextCursor, hasMore }`; source `api-v2:user-followings`; billed 0 when empty.
 * @throws ServiceError 404 `not_found`, 400 `url_kind_mismatch` | `invalid_cursor`, 502 `upstream_*`.
 */
export const userFollowingsHandler: HandlerFor<typeof userFollowingsSpec> = async (params, ctx) => {
  const page = await readUserList(ctx, {
    params,
    tab: "followings",
    read: (row) => readUser(row, platformOf(ctx)),
  });
  const { items, ...rest } = page;
  return { data: { ...rest, users: items }, source: "api-v2:user-followings", count: items.length };
};
