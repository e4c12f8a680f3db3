import { defineOperationSpec, fixed, limitParam, listPage } from "@sda/contract";
import { z } from "zod";
import { hashtagParam } from "../inputs/params.ts";
import { trendingReel } from "./shapes.ts";

/**
 * Query parameters of `GET /v1/photosite/trending-reels`: optional `hashtag` (one tag instead of the configured
 * ones) and `limit` (default 20, max 100).
 */
export const trendingReelsParams = z.object({ hashtag: hashtagParam.optional(), limit: limitParam(20, 100) });

/** Trending reels from the top sections of a few hashtags' explore pages (one page). */
export const trendingReelsOutput = listPage("reels", trendingReel, {
  hashtags: z.array(z.string()).describe("The hashtags whose top sections were read."),
});

/** `GET /v1/photosite/trending-reels`: 2 credits on every call, cache hit or not (SPEC §4.3). */
export const trendingReelsSpec = defineOperationSpec({
  name: "trending-reels",
  summary:
    "Trending reels: the platform's top-ranked reels of its hashtag explore surfaces, cache-first with a 4-hour shared cache.",
  params: trendingReelsParams,
  output: trendingReelsOutput,
  price: fixed(2, { billCacheHits: true }),
  cache: { mode: "always", ttlSeconds: 14_400 },
});
