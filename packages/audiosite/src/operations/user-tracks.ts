import type { HandlerFor } from "@sda/contract";
import { platformOf } from "../readers/platform.ts";
import { readTrack } from "../readers/track.ts";
import type { userTracksSpec } from "../spec/user-tracks.ts";
import { readUserList } from "./user-lists.ts";

/**
 * The handler of `audiosite.user-tracks`: one page of `/users/<id>/tracks` (api-v2), rows cut to `limit`.
 * @returns `{ url, userId, tracks, totalReturned, nextCursor, hasMore }`; source `api-v2:user-tracks`; billed 0 when empty.
 * @throws ServiceError 404 `not_found`, 400 `url_kind_mismatch` | `invalid_cursor`, 502 `upstream_*`.
 */
export const userTracksHandler: HandlerFor<typeof userTracksSpec> = async (params, ctx) => {
  const page = await readUserList(ctx, {
    params,
    tab: "tracks",
    read: (row) => readTrack(row, platformOf(ctx)),
  });
  const { items, ...rest } = page;
  return { data: { ...rest, tracks: items }, source: "api-v2:user-tracks", count: items.length };
};
