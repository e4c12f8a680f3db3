import { decodeListCursor, type HandlerFor } from "@sda/contract";
import { AudiositeApi } from "../client/api.ts";
import { fetchResource } from "../client/resolve.ts";
import { completeTracks } from "../paging/track-batches.ts";
import { platformOf } from "../readers/platform.ts";
import { readPlaylist, readPlaylistEntries } from "../readers/playlist.ts";
import type { playlistSpec } from "../spec/playlist.ts";
import { unreadable } from "./user.ts";

/** Our position in a playlist's tracks: the playlist (`k`) and the tracks already returned (`s`). */
interface TrackPosition {
  k: string;
  s: number;
}

/**
 * The handler of `audiosite.playlist`: the playlist (`/resolve`; a urn: `/playlists/<id>?representation=compact`)
 * and a page of its tracks in playlist order (`limit` 50), the stubs among them completed in batches of 15.
 * @returns source `api-v2:resolve+tracks` or `api-v2:playlists+tracks`; billed 0 when the page has no track.
 * @throws ServiceError 404 `not_found`, 400 `url_kind_mismatch` | `invalid_cursor`, 502 `upstream_*`.
 */
export const playlistHandler: HandlerFor<typeof playlistSpec> = async (params, ctx) => {
  const api = new AudiositeApi(ctx);
  const object = await fetchResource(ctx, api, params.url, "playlist");
  const platform = platformOf(ctx);
  const playlist = readPlaylist(object, platform);
  if (!playlist) throw unreadable("playlist");
  const key = `playlist:${playlist.id}`;
  const start = decodeListCursor<TrackPosition>(
    ctx.cursors,
    params.cursor,
    (p) => p.k === key && typeof p.s === "number" && Number.isSafeInteger(p.s) && p.s >= 0,
    "playlist",
  );
  const skip = start?.s ?? 0;
  const entries = readPlaylistEntries(object, platform);
  const end = Math.min(entries.length, skip + params.limit);
  const { tracks, degraded } = await completeTracks(api, entries.slice(skip, end), ctx.signal, platform);
  const hasMore = end < entries.length;
  return {
    data: {
      ...playlist,
      tracks,
      degraded,
      totalReturned: tracks.length,
      nextCursor: hasMore ? ctx.cursors.encode({ k: key, s: end } satisfies TrackPosition) : null,
      hasMore,
    },
    source: `api-v2:${params.url.by === "id" ? "playlists" : "resolve"}+tracks`,
    count: tracks.length,
  };
};
