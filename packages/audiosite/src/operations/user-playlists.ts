import type { HandlerFor } from "@sda/contract";
import { platformOf } from "../readers/platform.ts";
import { readPlaylist } from "../readers/playlist.ts";
import type { userPlaylistsSpec } from "../spec/user-playlists.ts";
import { readUserList } from "./user-lists.ts";

/**
 * The handler of `audiosite.user-playlists`: one page of `/users/<id>/playlists_without_albums` (api-v2), rows cut to `limit`.
 * @returns `{ url, userId, playlists, totalReturned, nextCursor, hasMore }`; source `api-v2:user-playlists`; billed 0 when empty.
 * @throws ServiceError 404 `not_found`, 400 `url_kind_mismatch` | `invalid_cursor`, 502 `upstream_*`.
 */
export const userPlaylistsHandler: HandlerFor<typeof userPlaylistsSpec> = async (params, ctx) => {
  const page = await readUserList(ctx, {
    params,
    tab: "playlists_without_albums",
    read: (row) => readPlaylist(row, platformOf(ctx)),
  });
  const { items, ...rest } = page;
  return { data: { ...rest, playlists: items }, source: "api-v2:user-playlists", count: items.length };
};
