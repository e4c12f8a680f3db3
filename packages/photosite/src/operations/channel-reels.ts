import { cacheParam, cursorParam, defineOperation, limitParam, perResult } from "@sda/core";
import { z } from "zod";
import type { PhotositeListContext } from "../client/context.ts";
import { mediaKey } from "../fetch/connection.ts";
import { type ReelsVia, reelsPages } from "../fetch/reels.ts";
import { decodePosition, fillLimit, listFields } from "../paging.ts";
import { type ReelRow, reelRow } from "../present.ts";
import { listTarget, profileOrUserIdShape, requireProfileOrUserId } from "../targets.ts";
import { mapListNotFound } from "./list-errors.ts";

const ID = "photosite.channel-reels";

/** Query parameters of `GET /v1/photosite/channel-reels`: `url` (profile) or `userId`, `limit`, `cursor`. */
export const channelReelsParams = z
  .object({ ...profileOrUserIdShape, limit: limitParam(12, 100), cursor: cursorParam, cache: cacheParam })
  .superRefine(requireProfileOrUserId);

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
  const start = decodePosition(ctx, ID, params.cursor, cursorTarget);
  const [, cursorUserId] = (start.via ?? "").split(":");
  const target = await listTarget(ctx, params, cursorUserId || undefined);
  const via: { current: ReelsVia | undefined } = {
    current: start.via?.split(":")[0] as ReelsVia | undefined,
  };
  const filled = await mapListNotFound(
    target.username ? `@${target.username}` : `with id ${target.userId}`,
    () =>
      fillLimit(ctx, {
        limit: params.limit,
        start,
        fetchPage: reelsPages(ctx, target.userId, via),
        keyOf: mediaKey,
      }),
  );
  const data: ChannelReels = {
    userId: target.userId,
    username: target.username,
    ...listFields(ctx, ID, filled, cursorTarget, `${via.current ?? "graphql"}:${target.userId}`),
    reels: filled.rows.map(reelRow),
  };
  const source = `${target.resolved ? "web_profile_info+" : ""}${via.current ?? "graphql"}`;
  return { data, source, count: filled.rows.length };
}

/** `GET /v1/photosite/channel-reels`: `ceil(n × 0.3)` credits for n reels returned. */
export const channelReelsOperation = defineOperation({
  id: ID,
  method: "GET",
  path: "/v1/photosite/channel-reels",
  tag: "photosite",
  summary:
    "Latest reels of a profile with plays, likes and comments; accepts userId to skip resolving the handle.",
  params: channelReelsParams,
  price: perResult(0.3, 12),
  queue: "photosite",
  cache: { mode: "optIn" },
  handler: (params, ctx) => getChannelReels(ctx, params),
});
