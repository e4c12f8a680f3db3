import type { HandlerFor, OperationContext } from "@sda/contract";
import type { z } from "zod";
import { fetchFeed } from "../client/feed.ts";
import { resolveChannelId } from "../client/innertube/channel-page.ts";
import type { VideositeEnv } from "../env.ts";
import type { ChannelUrl } from "../inputs/channel-url.ts";
import { ORIGIN } from "../inputs/site.ts";
import { type ChannelListResult, listChannelTab } from "../paging/channel-list.ts";
import type { FeedRow, FeedTarget } from "../readers/listing/feed.ts";
import type { channelVideosParams, channelVideosSpec } from "../spec/channel-videos.ts";

/** The `fast=true` result: the feed's rows, without `nextCursor` / `hasMore` (the feed has no further pages). */
export interface ChannelFeedResult {
  url: string;
  channelId: string | null;
  channelName: string | null;
  totalReturned: number;
  videos: FeedRow[];
}

type ListContext = Pick<OperationContext, "http" | "signal" | "log" | "cursors" | "now">;

/**
 * The channel's feed: `GET /feeds/videos.xml?channel_id=<id>` (`?user=<name>` for `/user/` URLs, which needs no
 * resolving), at most `limit` of its 15 latest uploads, videos and shorts mixed as the feed lists them.
 * @throws ServiceError 404 `channel_not_found` when the channel has no feed; 502 `upstream_*`.
 */
async function channelFeed(
  params: { url: ChannelUrl; limit: number },
  ctx: ListContext,
): Promise<{ data: ChannelFeedResult; source: string; count: number }> {
  const { ref } = params.url;
  let target: FeedTarget;
  let source = "feed";
  if (ref.kind === "legacy" && ref.user) target = { user: ref.user };
  else {
    target = { channel_id: await resolveChannelId(ctx, ref) };
    if (ref.kind !== "id") source = "innertube:resolve+feed";
  }
  const feed = await fetchFeed(ctx, target, "channel_not_found");
  const videos = feed.rows.slice(0, params.limit);
  const channelId = feed.channel?.id ?? ("channel_id" in target ? target.channel_id : null);
  return {
    data: {
      url: channelId ? `${ORIGIN}/channel/${channelId}` : (feed.channel?.url ?? ""),
      channelId,
      channelName: feed.channel?.title ?? feed.title,
      totalReturned: videos.length,
      videos,
    },
    source,
    count: videos.length,
  };
}

/**
 * Videos of a channel (SPEC §2.10). Native path: the tab the URL names (`/streams`, `/shorts`), else the Videos
 * tab, paginated with our cursor; `fast=true`: the channel's feed (exact `publishedAt`, no cursor).
 * @returns `{ data, source, count }`; source `innertube:[resolve+]browse[-continuation]` or `[innertube:resolve+]feed`.
 * @throws ServiceError 400 `invalid_cursor`; 404 `channel_not_found` / `channel_unavailable`; 502 `upstream_*`.
 */
export function getChannelVideos(
  params: z.output<typeof channelVideosParams>,
  ctx: ListContext,
): Promise<{ data: ChannelListResult | ChannelFeedResult; source: string; count: number }> {
  if (params.fast) return channelFeed(params, ctx);
  return listChannelTab(params, params.url.tab ?? "videos", ctx, (row) => row);
}

/** The handler of `videosite.channel-videos` (its spec: `channelVideosSpec`). */
export const channelVideosHandler: HandlerFor<typeof channelVideosSpec, VideositeEnv> = (params, ctx) =>
  getChannelVideos(params, ctx);
