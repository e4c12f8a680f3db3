import type { HandlerFor } from "@sda/contract";
import { platformOf } from "../readers/platform.ts";
import { readTrack } from "../readers/track.ts";
import type { relatedTracksSpec } from "../spec/related-tracks.ts";
import { readTrackList } from "./track-lists.ts";

/**
 * The handler of `audiosite.related-tracks`: one page of `/tracks/<id>/related`.
 * @returns source `api-v2:related`; billed 0 when empty.
 * @throws ServiceError 404 `not_found`, 400 `url_kind_mismatch` | `invalid_cursor`, 502 `upstream_*`.
 */
export const relatedTracksHandler: HandlerFor<typeof relatedTracksSpec> = async (params, ctx) => {
  const page = await readTrackList(ctx, {
    params,
    tab: "related",
    query: {},
    read: (row) => readTrack(row, platformOf(ctx)),
  });
  return {
    data: {
      url: page.url,
      trackId: page.trackId,
      tracks: page.items,
      totalReturned: page.items.length,
      nextCursor: page.nextCursor,
      hasMore: page.hasMore,
    },
    source: "api-v2:related",
    count: page.items.length,
  };
};
