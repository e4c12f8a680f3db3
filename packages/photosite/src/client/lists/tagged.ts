import type { UpstreamPage } from "@sda/contract";
import { connectionPage, toUpstreamPage } from "../../readers/connection.ts";
import { view } from "../../readers/json-view.ts";
import type { Media } from "../../readers/model.ts";
import { GRID_PAGE_SIZE, QUERIES, ROOT_FIELDS } from "../config.ts";
import type { PhotositeContext } from "../context.ts";
import { callGraphql } from "../web.ts";

/**
 * Pages of the posts that tag a user: GraphQL `PolarisProfileTaggedTabContentQuery` {user_id, count}, then
 * `PolarisProfileTaggedTabContentQuery_connection` {user_id, after}; root
 * `xdt_api__v1__usertags__user_id__feed_connection` (v1 media nodes; the last page's `end_cursor` is the string
 * "None").
 */
export function taggedPages(ctx: PhotositeContext, userId: string) {
  return async (after: string | null): Promise<UpstreamPage<Media>> => {
    const answer =
      after === null
        ? await callGraphql(ctx, QUERIES.profileTagged, { count: GRID_PAGE_SIZE, user_id: userId })
        : await callGraphql(ctx, QUERIES.profileTaggedPage, {
            after,
            before: null,
            count: GRID_PAGE_SIZE,
            first: GRID_PAGE_SIZE,
            last: null,
            user_id: userId,
          });
    const root = view(answer);
    const page = connectionPage(ctx, root.at("data", ROOT_FIELDS.tagged), (node) => node, "tagged");
    // A non-final answer is the platform's cached, partial feed.
    return toUpstreamPage(root.bool("extensions", "is_final") === false ? { ...page, stale: true } : page);
  };
}
