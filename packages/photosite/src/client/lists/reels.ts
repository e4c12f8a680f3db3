import type { UpstreamPage } from "@sda/contract";
import { connectionPage, readMediaRows, toUpstreamPage } from "../../readers/connection.ts";
import { view } from "../../readers/json-view.ts";
import type { Media } from "../../readers/model.ts";
import { API_ORIGIN, GRID_PAGE_SIZE, QUERIES, ROOT_FIELDS } from "../config.ts";
import type { PhotositeContext } from "../context.ts";
import { withFallback } from "../fallback.ts";
import { callGraphql, callJson } from "../web.ts";

/** The two upstream paths of a profile's reels: the web GraphQL reels tab, and the v1 clips feed. */
export type ReelsVia = "graphql" | "v1";

/**
 * One page of the reels tab: GraphQL `PolarisProfileReelsTabContentQuery` {data: {target_user_id, page_size}}, later
 * pages `..._connection` {data, after}; root `xdt_api__v1__clips__user__connection_v2`, items `edges[].node.media`.
 */
async function graphqlPage(
  ctx: PhotositeContext,
  userId: string,
  after: string | null,
): Promise<UpstreamPage<Media>> {
  const data = { include_feed_video: true, page_size: GRID_PAGE_SIZE, target_user_id: userId };
  const answer =
    after === null
      ? await callGraphql(ctx, QUERIES.profileReels, { data })
      : await callGraphql(ctx, QUERIES.profileReelsPage, { after, before: null, data, first: 4, last: null });
  return toUpstreamPage(
    connectionPage(ctx, view(answer).at("data", ROOT_FIELDS.reels), (node) => node.at("media"), "reels"),
  );
}

/**
 * One page of the v1 clips feed: `POST /api/v1/clips/user/` form {target_user_id, page_size, max_id}; items
 * `items[].media`, next page `paging_info.max_id` while `paging_info.more_available`.
 */
async function v1Page(
  ctx: PhotositeContext,
  userId: string,
  after: string | null,
): Promise<UpstreamPage<Media>> {
  const answer = view(
    await callJson(ctx, {
      url: `${API_ORIGIN}/api/v1/clips/user/`,
      method: "POST",
      form: {
        target_user_id: userId,
        page_size: String(GRID_PAGE_SIZE),
        include_feed_video: "true",
        ...(after === null ? {} : { max_id: after }),
      },
    }),
  );
  return toUpstreamPage({
    rows: readMediaRows(ctx, answer.list("items"), (item) => item.at("media"), "clips"),
    nextAfter: answer.text("paging_info", "max_id"),
    hasNext: answer.bool("paging_info", "more_available") ?? false,
  });
}

/**
 * Pages of a user's reels. The first page tries the GraphQL reels tab and falls back to the v1 clips feed when the
 * GraphQL path fails (see `withFallback`); `via` records the path that served it, so later pages
 * (whose cursors only that path understands) stay on it.
 * @param via the path of a cursor, or undefined on a first page.
 */
export function reelsPages(ctx: PhotositeContext, userId: string, via: { current: ReelsVia | undefined }) {
  return async (after: string | null): Promise<UpstreamPage<Media>> => {
    if (via.current === "v1") return v1Page(ctx, userId, after);
    if (via.current === "graphql") return graphqlPage(ctx, userId, after);
    const { value, fellBack } = await withFallback(
      ctx,
      "reels tab",
      () => graphqlPage(ctx, userId, after),
      () => v1Page(ctx, userId, after),
    );
    via.current = fellBack ? "v1" : "graphql";
    return value;
  };
}
