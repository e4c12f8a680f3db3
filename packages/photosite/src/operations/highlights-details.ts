import { cacheParam, defineOperation, failWith, fixed, ServiceError } from "@sda/core";
import { z } from "zod";
import type { PhotositeContext } from "../client/context.ts";
import { fetchHighlightReels } from "../fetch/highlights.ts";
import { parseNumericId } from "../inputs.ts";
import {
  type HighlightAlbum,
  type HighlightItem,
  readHighlightAlbum,
  readHighlightItems,
} from "../readers/highlights.ts";

/** Most highlight ids one call may ask for (the platform's reels_media batch). */
const MAX_IDS = 10;

/**
 * `id`: one highlight id (`17993810650122949`, `highlight:17993810650122949`, or a `/stories/highlights/<id>/` URL),
 * or up to 10 comma-separated ids, answered in one platform request.
 */
const highlightIdsParam = z
  .string()
  .max(2048)
  .transform((value, ctx): string[] => {
    const ids: string[] = [];
    for (const part of value
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean)) {
      const parsed = parseNumericId(part, "id", "highlights");
      if (!parsed.ok) {
        failWith(ctx, parsed.code, parsed.message);
        return z.NEVER;
      }
      if (!ids.includes(parsed.value)) ids.push(parsed.value);
    }
    if (ids.length === 0 || ids.length > MAX_IDS) {
      failWith(ctx, "invalid_parameter", `id must hold 1 to ${MAX_IDS} highlight ids`);
      return z.NEVER;
    }
    return ids;
  });

/** Query parameters of `GET /v1/photosite/highlights-details`. */
export const highlightsDetailsParams = z.object({ id: highlightIdsParam, cache: cacheParam });

/** One album with its items. */
export type HighlightWithItems = Omit<HighlightAlbum, "cover" | "createdAt" | "itemCount"> & {
  totalItems: number;
  items: HighlightItem[];
};

/** `data` of highlights-details. */
export interface HighlightsDetails {
  ids: string[];
  highlights: HighlightWithItems[];
  /** Requested ids the platform did not answer. */
  missingIds: string[];
  /** Every item of every album, in album then platform order: the list the envelope fields count. */
  items: HighlightItem[];
  totalReturned: number;
  nextCursor: null;
  hasMore: false;
}

/**
 * The items of highlight albums (see `fetchHighlightReels`): per item its type, `takenAt`, image and video URLs.
 * @returns `count` = items; source `v1` or `legacy_graphql`.
 * @throws ServiceError 404 `highlight_not_found` when the platform answers none of the ids; 502 `upstream_*`.
 */
export async function getHighlightsDetails(ctx: PhotositeContext, params: { id: string[] }) {
  const { value: reels, via } = await fetchHighlightReels(ctx, params.id);
  const highlights: HighlightWithItems[] = [];
  for (const reel of reels) {
    const album = readHighlightAlbum(reel);
    if (!album || !params.id.includes(album.id)) continue;
    const { items, skipped } = readHighlightItems(reel, album.id);
    if (skipped > 0)
      ctx.log.debug({ highlight: album.id, skipped }, "photosite highlight items of an unknown kind skipped");
    highlights.push({
      id: album.id,
      title: album.title,
      owner: album.owner,
      totalItems: items.length,
      items,
    });
  }
  if (highlights.length === 0)
    throw new ServiceError("highlight_not_found", `no highlight ${params.id.join(", ")}`, {
      details: { ids: params.id },
    });
  const items = highlights.flatMap((h) => h.items);
  const data: HighlightsDetails = {
    ids: params.id,
    highlights,
    missingIds: params.id.filter((id) => !highlights.some((h) => h.id === id)),
    items,
    totalReturned: items.length,
    nextCursor: null,
    hasMore: false,
  };
  return { data, source: via, count: items.length };
}

/** `GET /v1/photosite/highlights-details`: 1 credit (0 when the albums are empty). */
export const highlightsDetailsOperation = defineOperation({
  id: "photosite.highlights-details",
  method: "GET",
  path: "/v1/photosite/highlights-details",
  tag: "photosite",
  summary: "Items inside highlight albums: media URLs, type, taken-at time.",
  params: highlightsDetailsParams,
  price: fixed(1),
  queue: "photosite",
  cache: { mode: "optIn" },
  handler: (params, ctx) => getHighlightsDetails(ctx, params),
});
