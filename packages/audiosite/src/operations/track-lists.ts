import type { OperationContext } from "@sda/contract";
import { type ApiQuery, AudiositeApi } from "../client/api.ts";
import { idOfRef, notFound } from "../client/resolve.ts";
import type { AudioRef } from "../inputs/ref.ts";
import { readHrefList } from "../paging/href-list.ts";
import { int } from "../readers/json.ts";

/** A page of a track's list (comments, related tracks): the track's id, link and comment count, and the rows. */
export interface TrackListPage<T> {
  url: string | null;
  trackId: string;
  /** The track's `comment_count` when its object was read, else null. */
  commentCount: number | null;
  items: T[];
  nextCursor: string | null;
  hasMore: boolean;
}

/**
 * Reads one page of `/tracks/<id>/<tab>`: a urn gives the id at once, a link is resolved first.
 * @throws ServiceError 404 `not_found`, 400 `url_kind_mismatch` | `invalid_cursor`, 502 `upstream_*`.
 */
export async function readTrackList<T>(
  ctx: OperationContext,
  request: {
    params: { url: AudioRef; limit: number; cursor?: string | undefined };
    tab: string;
    query: ApiQuery;
    read: (row: unknown) => T | null;
    /** Read the track object also for a urn (best effort), for its counts. */
    withTrack?: boolean;
  },
): Promise<TrackListPage<T>> {
  const api = new AudiositeApi(ctx);
  const track = await idOfRef(ctx, api, request.params.url, "track", { object: request.withTrack ?? false });
  const page = await readHrefList(
    ctx,
    api,
    {
      key: `track:${track.id}:${request.tab}`,
      limit: request.params.limit,
      cursor: request.params.cursor,
      first: {
        path: `/tracks/${track.id}/${request.tab}`,
        query: { ...request.query, limit: Math.min(request.params.limit, 200) },
      },
      missing: () => notFound(`track ${track.id}`),
    },
    request.read,
  );
  return {
    url: track.url,
    trackId: track.id,
    commentCount: track.object ? int(track.object.comment_count) : null,
    items: page.rows.map((r) => r.item),
    nextCursor: page.nextCursor,
    hasMore: page.hasMore,
  };
}
