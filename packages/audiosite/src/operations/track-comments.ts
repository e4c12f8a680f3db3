import type { HandlerFor } from "@sda/contract";
import { readComment } from "../readers/lists.ts";
import type { trackCommentsSpec } from "../spec/track-comments.ts";
import { readTrackList } from "./track-lists.ts";

/**
 * The handler of `audiosite.track-comments`: one page of `/tracks/<id>/comments?threaded=0&filter_replies=1` (top-level
 * comments only); `totalComments` is the track's `comment_count` (replies included), from the resolved link (for a
 * urn: the embed player's link resolved, best effort; null when that fails).
 * @returns source `api-v2:comments`; billed 0 when empty.
 * @throws ServiceError 404 `not_found`, 400 `url_kind_mismatch` | `invalid_cursor`, 502 `upstream_*`.
 */
export const trackCommentsHandler: HandlerFor<typeof trackCommentsSpec> = async (params, ctx) => {
  const page = await readTrackList(ctx, {
    params,
    tab: "comments",
    query: { threaded: 0, filter_replies: 1 },
    read: readComment,
    withTrack: true,
  });
  return {
    data: {
      url: page.url,
      trackId: page.trackId,
      totalComments: page.commentCount,
      comments: page.items,
      totalReturned: page.items.length,
      nextCursor: page.nextCursor,
      hasMore: page.hasMore,
    },
    source: "api-v2:comments",
    count: page.items.length,
  };
};
