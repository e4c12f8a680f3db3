import type { HandlerFor } from "@sda/contract";
import type { PhotositeContext } from "../client/context.ts";
import { fetchHashtagPage } from "../client/hashtag.ts";
import type { PhotositeEnv } from "../env.ts";
import type { HashtagInfo } from "../readers/hashtag.ts";
import type { PhotositeServices } from "../services.ts";
import type { hashtagSearchSpec } from "../spec/hashtag-search.ts";
import { type PostRow, postRow } from "./rows.ts";

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

/** The handler of `photosite.hashtag-search` (its spec: `hashtagSearchSpec`). */
export const hashtagSearchHandler: HandlerFor<typeof hashtagSearchSpec, PhotositeEnv, PhotositeServices> = (
  params,
  ctx,
) => getHashtagSearch(ctx, params);
