import type { HandlerFor } from "@sda/contract";
import { TmeClient } from "../client/client.ts";
import type { channelPostsSpec } from "../spec/channel-posts.ts";
import { postsPageOf } from "./posts-page.ts";
import { previewOrRefusal } from "./preview-or-refusal.ts";

/**
 * A channel's posts, newest first, from its web preview.
 *
 * Upstream: `GET t.me/s/<name>` (`?before=<cursor>` for older posts): up to ~20 posts, cut to `limit` from the
 * newest; a group or a channel without preview is told by its landing card `GET t.me/<name>`.
 * @returns `{ data: { channel, posts, …page }, source: "tme:preview", count }` (count 0 is charged 0).
 * @throws ServiceError 404 `channel_not_found`, 422 `preview_unavailable` (`details.type`), 502 `upstream_*`.
 */
export const channelPostsHandler: HandlerFor<typeof channelPostsSpec> = async (params, ctx) => {
  const page = await previewOrRefusal(new TmeClient(ctx), params.url.name, { before: params.cursor });
  const data = postsPageOf(page, params.limit, params.cursor);
  return { data, source: "tme:preview", count: data.totalReturned };
};
