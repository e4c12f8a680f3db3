import type { HandlerFor } from "@sda/contract";
import type { z } from "zod";
import { GRID_PAGE_SIZE } from "../client/config.ts";
import type { PhotositeListContext } from "../client/context.ts";
import { type ReelsVia, reelsPages } from "../client/lists/reels.ts";
import { profileNotFound } from "../client/profile.ts";
import { listTarget, targetName } from "../client/targets.ts";
import type { PhotositeEnv } from "../env.ts";
import { decodeListStart, listFields } from "../paging/cursor.ts";
import { fillTargetList, mediaKey } from "../paging/fill.ts";
import type { PhotositeServices } from "../services.ts";
import type { channelReelsParams, channelReelsSpec } from "../spec/channel-reels.ts";
import { type ReelRow, reelRow } from "./rows.ts";

/** `data` of channel-reels. */
export interface ChannelReels {
  userId: string;
  username: string | null;
  totalReturned: number;
  nextCursor: string | null;
  hasMore: boolean;
  reels: ReelRow[];
}

/**
 * The latest reels of a profile: the GraphQL reels tab, or the v1 clips feed when the reels tab fails (see
 * `reelsPages`). `userId` skips resolving the handle through `web_profile_info`.
 * @returns `count` = reels returned (billed per result); source `graphql` or `v1`, prefixed `web_profile_info+`
 *   when the handle was resolved.
 * @throws ServiceError 404 `profile_not_found`, 403 `profile_private`, 400 `invalid_cursor`, 502 `upstream_*`.
 */
export async function getChannelReels(
  ctx: PhotositeListContext,
  params: z.output<typeof channelReelsParams>,
) {
  const cursorTarget = params.userId ?? params.url?.username ?? "";
  const start = decodeListStart(ctx, params.cursor, cursorTarget);
  const [, cursorUserId] = (start.via ?? "").split(":");
  const target = await listTarget(ctx, params, cursorUserId || undefined);
  const via: { current: ReelsVia | undefined } = {
    current: start.via?.split(":")[0] as ReelsVia | undefined,
  };
  const filled = await fillTargetList(ctx, () => profileNotFound(targetName(target)), {
    limit: params.limit,
    start: start.position,
    pageSize: GRID_PAGE_SIZE,
    fetchPage: reelsPages(ctx, target.userId, via),
    keyOf: mediaKey,
  });
  const data: ChannelReels = {
    userId: target.userId,
    username: target.username,
    ...listFields(ctx, filled, cursorTarget, `${via.current ?? "graphql"}:${target.userId}`),
    reels: filled.items.map(reelRow),
  };
  const source = `${target.resolved ? "web_profile_info+" : ""}${via.current ?? "graphql"}`;
  return { data, source, count: filled.items.length };
}

/** The handler of `photosite.channel-reels` (its spec: `channelReelsSpec`). */
export const channelReelsHandler: HandlerFor<typeof channelReelsSpec, PhotositeEnv, PhotositeServices> = (
  params,
  ctx,
) => getChannelReels(ctx, params);
