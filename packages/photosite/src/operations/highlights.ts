import type { HandlerFor } from "@sda/contract";
import type { z } from "zod";
import type { PhotositeContext } from "../client/context.ts";
import { fetchHighlightAlbums } from "../client/highlights.ts";
import { resolveTarget } from "../client/targets.ts";
import type { PhotositeEnv } from "../env.ts";
import type { HighlightAlbum } from "../readers/highlights.ts";
import type { PhotositeServices } from "../services.ts";
import type { highlightsParams, highlightsSpec } from "../spec/highlights.ts";

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

/** The handler of `photosite.highlights` (its spec: `highlightsSpec`). */
export const highlightsHandler: HandlerFor<typeof highlightsSpec, PhotositeEnv, PhotositeServices> = (
  params,
  ctx,
) => getHighlights(ctx, params);
