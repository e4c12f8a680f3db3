import type { HandlerFor } from "@sda/contract";
import { platformOf } from "../readers/platform.ts";
import { readPlaylist } from "../readers/playlist.ts";
import type { userAlbumsSpec } from "../spec/user-albums.ts";
import { readUserList } from "./user-lists.ts";

/**
 * The handler of `audiosite.user-albums`: one page of `/users/<id>/albums` (api-v2), rows cut to `limit`.
 * @returns `{ url, userId, playlists, totalReturned, nextCursor, hasMore }`; source `api-v2:user-albums`; billed 0 when empty.
 * @throws ServiceError 404 `not_found`, 400 `url_kind_mismatch` | `invalid_cursor`, 502 `upstream_*`.
 */
export const userAlbumsHandler: HandlerFor<typeof userAlbumsSpec> = async (params, ctx) => {
  const page = await readUserList(ctx, {
    params,
    tab: "albums",
    read: (row) => readPlaylist(row, platformOf(ctx)),
  });
  const { items, ...rest } = page;
  return { data: { ...rest, playlists: items }, source: "api-v2:user-albums", count: items.length };
};
