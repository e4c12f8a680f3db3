import type { UpstreamPage } from "@sda/contract";
import {
  connectionPage,
  type PlatformPage,
  readMediaRows,
  toUpstreamPage,
} from "../../readers/connection.ts";
import { view } from "../../readers/json-view.ts";
import type { Media } from "../../readers/model.ts";
import { readEmbeddedTimeline } from "../../readers/profile.ts";
import { GRID_PAGE_SIZE, QUERIES, ROOT_FIELDS } from "../config.ts";
import type { PhotositeContext } from "../context.ts";
import { resolvePublicProfile } from "../profile.ts";
import { callGraphql } from "../web.ts";

/** One page of the posts grid at a platform cursor (null: the first page); see {@link timelinePages}. */
async function timelinePage(
  ctx: PhotositeContext,
  username: string,
  sources: Set<string>,
  after: string | null,
): Promise<PlatformPage<Media>> {
  if (after === null) {
    const { user } = await resolvePublicProfile(ctx, username);
    sources.add("web_profile_info");
    const grid = readEmbeddedTimeline(user);
    if (grid.nodes.length > 0)
      return {
        rows: readMediaRows(ctx, grid.nodes, (node) => node, "timeline"),
        nextAfter: grid.endCursor,
        hasNext: grid.hasNextPage,
      };
    const answer = await callGraphql(ctx, QUERIES.profilePosts, {
      data: { count: GRID_PAGE_SIZE },
      username,
    });
    sources.add("graphql");
    return connectionPage(ctx, view(answer).at("data", ROOT_FIELDS.timeline), (node) => node, "timeline");
  }
  const answer = await callGraphql(ctx, QUERIES.profilePostsPage, {
    after,
    before: null,
    data: { count: GRID_PAGE_SIZE },
    first: GRID_PAGE_SIZE,
    last: null,
    username,
  });
  sources.add("graphql");
  return connectionPage(ctx, view(answer).at("data", ROOT_FIELDS.timeline), (node) => node, "timeline");
}

/**
 * Pages of a profile's posts grid (pinned posts first, in the platform's order), as the shared pager reads them.
 *
 * - First page: the grid embedded in `web_profile_info` (`edge_owner_to_timeline_media`, Graph nodes) when it is not
 *   empty; the 2024 answers leave it empty (`edges: []`), then GraphQL `PolarisProfilePostsQuery` {username}.
 * - Later pages: GraphQL `PolarisProfilePostsTabContentQuery_connection` {username, after}.
 * Root field: `xdt_api__v1__feed__user_timeline_graphql_connection` (v1 media nodes).
 * @param sources collects the upstream paths read (`web_profile_info`, `graphql`) for the source header.
 */
export function timelinePages(ctx: PhotositeContext, username: string, sources: Set<string>) {
  return async (after: string | null): Promise<UpstreamPage<Media>> =>
    toUpstreamPage(await timelinePage(ctx, username, sources, after));
}
