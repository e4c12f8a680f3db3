import type { HandlerFor } from "@sda/contract";
import type { PhotositeContext } from "../client/context.ts";
import { fetchHighlightReels } from "../client/highlights.ts";
import type { PhotositeEnv } from "../env.ts";
import { fail } from "../errors.ts";
import {
  type HighlightAlbum,
  type HighlightItem,
  readHighlightAlbum,
  readHighlightItems,
} from "../readers/highlights.ts";
import type { PhotositeServices } from "../services.ts";
import type { highlightsDetailsSpec } from "../spec/highlights-details.ts";

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
    throw fail("highlight_not_found", `no highlight ${params.id.join(", ")}`, {
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

/** The handler of `photosite.highlights-details` (its spec: `highlightsDetailsSpec`). */
export const highlightsDetailsHandler: HandlerFor<
  typeof highlightsDetailsSpec,
  PhotositeEnv,
  PhotositeServices
> = (params, ctx) => getHighlightsDetails(ctx, params);
