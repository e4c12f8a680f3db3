import type { HandlerFor } from "@sda/contract";
import { AudiositeApi, unexpected404 } from "../client/api.ts";
import { readHrefList } from "../paging/href-list.ts";
import { int, obj } from "../readers/json.ts";
import { readSearchResult, type SearchResult } from "../readers/lists.ts";
import { platformOf } from "../readers/platform.ts";
import type { Playlist } from "../readers/playlist.ts";
import type { Track } from "../readers/track.ts";
import type { UserProfile } from "../readers/user.ts";
import type { searchSpec } from "../spec/search.ts";

/** api-v2's search path of each `type`. */
const SEARCH_PATHS = {
  all: "/search",
  tracks: "/search/tracks",
  users: "/search/users",
  playlists: "/search/playlists",
} as const;

/** A search result without its `type` (a partition row). */
const withoutType = <R extends SearchResult>({ type: _type, ...rest }: R) => rest;

/**
 * The handler of `audiosite.search`: one page of `/search[/<type>]?q=&offset=0` (later pages by `next_href`), the
 * rows in api-v2's order with their `type`, and the same rows partitioned by kind. `totalResults` is api-v2's
 * `total_results` of the page read.
 * @returns source `api-v2:search`; billed 0 when nothing is found.
 * @throws ServiceError 400 `invalid_cursor`, 502 `upstream_*`.
 */
export const searchHandler: HandlerFor<typeof searchSpec> = async (params, ctx) => {
  const api = new AudiositeApi(ctx);
  let totalResults: number | null = null;
  const page = await readHrefList(
    ctx,
    api,
    {
      key: `search:${params.type}:${params.q}`,
      limit: params.limit,
      cursor: params.cursor,
      first: {
        path: SEARCH_PATHS[params.type],
        query: { q: params.q, limit: Math.min(params.limit, 200), offset: 0 },
      },
      missing: () => unexpected404("the search"),
    },
    (row) => readSearchResult(row, platformOf(ctx)),
    (body) => {
      totalResults = int(obj(body).total_results);
    },
  );
  const results = page.rows.map((r) => r.item);
  const tracks: Track[] = [];
  const users: UserProfile[] = [];
  const playlists: Playlist[] = [];
  for (const result of results) {
    if (result.type === "track") tracks.push(withoutType(result) as Track);
    else if (result.type === "user") users.push(withoutType(result) as UserProfile);
    else playlists.push(withoutType(result) as Playlist);
  }
  return {
    data: {
      query: params.q,
      type: params.type,
      totalResults,
      results,
      tracks,
      users,
      playlists,
      totalReturned: results.length,
      nextCursor: page.nextCursor,
      hasMore: page.hasMore,
    },
    source: "api-v2:search",
    count: results.length,
  };
};
