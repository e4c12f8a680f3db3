import type { HandlerFor } from "@sda/contract";
import { ServiceError } from "@sda/core";
import type { PhotositeContext } from "../client/context.ts";
import { fetchHashtagPage } from "../client/hashtag.ts";
import type { PhotositeEnv } from "../env.ts";
import { fail } from "../errors.ts";
import type { Media } from "../readers/model.ts";
import type { PhotositeServices } from "../services.ts";
import type { trendingReelsSpec } from "../spec/trending-reels.ts";
import { isShortVideo, type ReelRow, reelRow } from "./rows.ts";

/** A trending reel: a reel row with its rank in this list (1 = first). */
export type TrendingReel = ReelRow & { trendRank: number };

/** `data` of trending-reels. */
export interface TrendingReels {
  /** Where "trending" comes from: the top sections of these hashtags' explore pages. */
  hashtags: string[];
  totalReturned: number;
  nextCursor: null;
  hasMore: false;
  reels: TrendingReel[];
}

/**
 * Interleaves ranked lists round-robin (1st of each list, then 2nd of each, …), dropping repeats, so every source
 * tag's best reels come first.
 */
export function interleave(lists: Media[][], limit: number): Media[] {
  const out: Media[] = [];
  const seen = new Set<string>();
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let rank = 0; rank < longest && out.length < limit; rank++)
    for (const list of lists) {
      const media = list[rank];
      const key = media?.id ?? media?.shortcode;
      if (!media || !key || seen.has(key) || out.length >= limit) continue;
      seen.add(key);
      out.push(media);
    }
  return out;
}

/**
 * Trending reels. Source of "trending": the platform's own ranking of its hashtag explore surface. For each tag of
 * `PHOTOSITE_TRENDING_HASHTAGS` (or the `hashtag` given), `GET /api/v1/tags/web_info/` is read and the short videos
 * of its `top` section (the platform's most engaging recent posts of the tag) are kept in the platform's order; the
 * tags' lists are interleaved round-robin and de-duplicated. A tag whose page fails is left out (logged); the call
 * fails only when every tag fails. Served cache-first from a 4-hour shared cache (SPEC §8).
 * @returns `count` = reels returned; source `tags_web_info`.
 * @throws the first tag's error when every tag fails (404 `hashtag_not_found`, 502 `upstream_*`).
 */
export async function getTrendingReels(
  ctx: PhotositeContext,
  params: { hashtag?: string | undefined; limit: number },
) {
  const hashtags = params.hashtag
    ? [params.hashtag]
    : ctx.env.PHOTOSITE_TRENDING_HASHTAGS.split(",")
        .map((tag) => tag.trim().replace(/^#/, "").toLowerCase())
        .filter(Boolean);
  const pages = await Promise.allSettled(hashtags.map((tag) => fetchHashtagPage(ctx, tag)));
  const lists: Media[][] = [];
  const used: string[] = [];
  pages.forEach((page, index) => {
    if (page.status === "fulfilled") {
      lists.push(page.value.top.filter(isShortVideo));
      used.push(hashtags[index] ?? "");
    } else ctx.log.info({ tag: hashtags[index], err: String(page.reason) }, "photosite trending tag failed");
  });
  if (lists.length === 0) {
    const first = pages[0];
    throw first?.status === "rejected" && first.reason instanceof ServiceError
      ? first.reason
      : fail("upstream_error", "no trending source answered", {});
  }
  const reels = interleave(lists, params.limit).map((media, index) => ({
    ...reelRow(media),
    trendRank: index + 1,
  }));
  const data: TrendingReels = {
    hashtags: used,
    totalReturned: reels.length,
    nextCursor: null,
    hasMore: false,
    reels,
  };
  return { data, source: "tags_web_info", count: reels.length };
}

/** The handler of `photosite.trending-reels` (its spec: `trendingReelsSpec`). */
export const trendingReelsHandler: HandlerFor<typeof trendingReelsSpec, PhotositeEnv, PhotositeServices> = (
  params,
  ctx,
) => getTrendingReels(ctx, params);
