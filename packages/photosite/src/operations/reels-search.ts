import type { HandlerFor } from "@sda/contract";
import type { PhotositeContext } from "../client/context.ts";
import { fetchHashtagPage } from "../client/hashtag.ts";
import type { PhotositeEnv } from "../env.ts";
import type { PhotositeServices } from "../services.ts";
import type { reelsSearchSpec } from "../spec/reels-search.ts";
import { isShortVideo, type ReelRow, reelRow } from "./rows.ts";

/** `data` of reels-search. */
export interface ReelsSearch {
  query: string;
  /** Posts using the tag (`media_count` of the tag). */
  hashtagMediaCount: number | null;
  totalReturned: number;
  /** One page: always null. */
  nextCursor: null;
  hasMore: false;
  reels: ReelRow[];
}

/**
 * Short videos of a hashtag: the reels and video posts of the tag's explore surface (top, then recent), each with
 * `engagement.views` and `viewsSource`, location and commercial flags (`isPaidPartnership`, `sponsors`,
 * `commercialityStatus`).
 * @returns `count` = reels returned (none costs 0); source `tags_web_info`.
 * @throws ServiceError 404 `hashtag_not_found`, 502 `upstream_*`.
 */
export async function getReelsSearch(ctx: PhotositeContext, params: { q: string }) {
  const page = await fetchHashtagPage(ctx, params.q);
  const seen = new Set<string>();
  const reels: ReelRow[] = [];
  for (const media of [...page.top, ...page.recent]) {
    const key = media.id ?? media.shortcode ?? "";
    if (!isShortVideo(media) || seen.has(key)) continue;
    seen.add(key);
    reels.push(reelRow(media));
  }
  const data: ReelsSearch = {
    query: params.q,
    hashtagMediaCount: page.info.mediaCount,
    totalReturned: reels.length,
    nextCursor: null,
    hasMore: false,
    reels,
  };
  return { data, source: "tags_web_info", count: reels.length };
}

/** The handler of `photosite.reels-search` (its spec: `reelsSearchSpec`). */
export const reelsSearchHandler: HandlerFor<typeof reelsSearchSpec, PhotositeEnv, PhotositeServices> = (
  params,
  ctx,
) => getReelsSearch(ctx, params);
