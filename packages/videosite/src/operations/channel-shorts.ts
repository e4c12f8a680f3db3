import type { HandlerFor, OperationContext } from "@sda/contract";
import type { z } from "zod";
import type { VideositeEnv } from "../env.ts";
import { type ChannelListResult, listChannelTab } from "../paging/channel-list.ts";
import type { VideoRow } from "../readers/listing/rows.ts";
import type { channelShortsParams, channelShortsSpec } from "../spec/channel-shorts.ts";

/**
 * A short of the Shorts tab: the SPEC §2.10 row plus the comment count that short rows carry. The Shorts tab
 * (`shortsLockupViewModel`) exposes no comment count, so both are null there; they are always keyed.
 */
export interface ShortRow extends VideoRow {
  commentCount: number | null;
  commentCountText: string | null;
}

/**
 * The Shorts tab of a channel, paginated (48 shorts per upstream page). The tab the URL names is ignored: this
 * operation always reads Shorts.
 * @throws ServiceError 400 `invalid_cursor`; 404 `channel_not_found` / `channel_unavailable`; 502 `upstream_*`.
 */
export function getChannelShorts(
  params: z.output<typeof channelShortsParams>,
  ctx: Pick<OperationContext, "http" | "signal" | "log" | "cursors" | "now">,
): Promise<{ data: ChannelListResult<ShortRow>; source: string; count: number }> {
  return listChannelTab(params, "shorts", ctx, (row) => ({
    ...row,
    commentCount: null,
    commentCountText: null,
  }));
}

/** The handler of `videosite.channel-shorts` (its spec: `channelShortsSpec`). */
export const channelShortsHandler: HandlerFor<typeof channelShortsSpec, VideositeEnv> = (params, ctx) =>
  getChannelShorts(params, ctx);
