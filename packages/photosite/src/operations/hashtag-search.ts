import { cacheParam, defineOperation, fixed } from "@sda/core";
import { z } from "zod";
import type { PhotositeContext } from "../client/context.ts";
import { fetchHashtagPage } from "../fetch/hashtag.ts";
import { hashtagParam } from "../inputs.ts";
import { type PostRow, postRow } from "../present.ts";
import type { HashtagInfo } from "../readers/hashtag.ts";

/** Query parameters of `GET /v1/photosite/hashtag-search`: `q` = one hashtag (with or without `#`). */
export const hashtagSearchParams = z.object({ q: hashtagParam, cache: cacheParam });

/** `data` of hashtag-search. */
export interface HashtagSearch {
  query: string;
  url: string;
  hashtag: HashtagInfo;
  /** The top media of the tag, in the platform's order. */
  top: PostRow[];
  /** The most recent media of the tag (often empty for logged-out and popular tags). */
  recent: PostRow[];
  /** `top` then `recent`, without repeats: the list the envelope fields count. */
  posts: PostRow[];
  /** The platform has more top media than this surface shows. */
  moreAvailable: boolean;
  totalReturned: number;
  /** The explore surface is one page: always null. */
  nextCursor: null;
  hasMore: false;
}

/**
 * The hashtag explore surface: the tag's card (media count) and its top and recent media.
 * @returns `count` = media returned (an empty surface costs 0); source `tags_web_info`.
 * @throws ServiceError 404 `hashtag_not_found`, 502 `upstream_*`.
 */
export async function getHashtagSearch(ctx: PhotositeContext, params: { q: string }) {
  const page = await fetchHashtagPage(ctx, params.q);
  const top = page.top.map(postRow);
  const recent = page.recent.map(postRow);
  const seen = new Set(top.map((row) => row.id ?? row.shortcode));
  const posts = [...top, ...recent.filter((row) => !seen.has(row.id ?? row.shortcode))];
  const data: HashtagSearch = {
    query: params.q,
    url: `https://www.instagram.com/explore/tags/${encodeURIComponent(params.q)}/`,
    hashtag: page.info,
    top,
    recent,
    posts,
    moreAvailable: page.moreAvailable,
    totalReturned: posts.length,
    nextCursor: null,
    hasMore: false,
  };
  return { data, source: "tags_web_info", count: posts.length };
}

/** `GET /v1/photosite/hashtag-search`: 2 credits per call (0 for an empty surface). */
export const hashtagSearchOperation = defineOperation({
  id: "photosite.hashtag-search",
  method: "GET",
  path: "/v1/photosite/hashtag-search",
  tag: "photosite",
  summary: "The hashtag explore surface: the tag's media count and its top and recent media.",
  params: hashtagSearchParams,
  price: fixed(2),
  queue: "photosite",
  cache: { mode: "optIn" },
  handler: (params, ctx) => getHashtagSearch(ctx, params),
});
