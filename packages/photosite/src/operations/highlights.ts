import { cacheParam, defineOperation, fixed } from "@sda/core";
import { z } from "zod";
import type { PhotositeContext } from "../client/context.ts";
import { fetchHighlightAlbums } from "../fetch/highlights.ts";
import type { HighlightAlbum } from "../readers/highlights.ts";
import { profileOrUserIdShape, requireProfileOrUserId, resolveTarget } from "../targets.ts";

/** Query parameters of `GET /v1/photosite/highlights`: `url` (profile) or `userId`. */
export const highlightsParams = z
  .object({ ...profileOrUserIdShape, cache: cacheParam })
  .superRefine(requireProfileOrUserId);

/** `data` of highlights. */
export interface Highlights {
  userId: string;
  username: string | null;
  totalReturned: number;
  /** The tray is answered whole: always null. */
  nextCursor: null;
  hasMore: false;
  highlights: HighlightAlbum[];
}

/**
 * The story highlight albums of a public profile (see `fetchHighlightAlbums`), in the platform's order.
 * @returns `count` = albums (none costs 0); source `v1` or `legacy_graphql`, prefixed `web_profile_info+` when the
 *   handle was resolved.
 * @throws ServiceError 404 `profile_not_found`, 403 `profile_private`, 502 `upstream_*`.
 */
export async function getHighlights(ctx: PhotositeContext, params: z.output<typeof highlightsParams>) {
  const target = await resolveTarget(ctx, params);
  const { value: albums, via } = await fetchHighlightAlbums(ctx, target.userId);
  const data: Highlights = {
    userId: target.userId,
    username: target.username ?? albums[0]?.owner?.username ?? null,
    totalReturned: albums.length,
    nextCursor: null,
    hasMore: false,
    highlights: albums,
  };
  return { data, source: `${target.resolved ? "web_profile_info+" : ""}${via}`, count: albums.length };
}

/** `GET /v1/photosite/highlights`: 1 credit (0 when the profile has no album). */
export const highlightsOperation = defineOperation({
  id: "photosite.highlights",
  method: "GET",
  path: "/v1/photosite/highlights",
  tag: "photosite",
  summary: "Story highlight albums of a public profile: id, title, cover, owner.",
  params: highlightsParams,
  price: fixed(1),
  queue: "photosite",
  cache: { mode: "optIn" },
  handler: (params, ctx) => getHighlights(ctx, params),
});
