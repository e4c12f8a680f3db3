import { cacheParam, defineOperation, fixed } from "@sda/core";
import { z } from "zod";
import type { PhotositeContext } from "../client/context.ts";
import { fetchPost } from "../fetch/post.ts";
import { type PostRef, postParam } from "../inputs.ts";
import type { Media } from "../readers/model.ts";

/** Query parameters of `GET /v1/photosite/details`. */
export const detailsParams = z.object({ url: postParam, cache: cacheParam });

/** `data` of the details operation: the media with `author`, plus the approximate flags of label-derived values. */
export type PostDetails = Media & {
  platform: "photosite";
  likeCountIsApproximate: boolean;
  likeCountText: string | null;
  commentCountIsApproximate: boolean;
  commentCountText: string | null;
  /** True when `takenAt` is only the day a page label gave (midnight UTC of that day). */
  takenAtIsApproximate: boolean;
  takenAtText: string | null;
};

/**
 * The details of a post, reel or carousel (see `fetchPost` for the sources).
 * @returns `{data, source}` with source `graphql`, `v1`, `embed` or `page`.
 * @throws ServiceError 404 `post_not_found`; 502 `upstream_*`.
 */
export async function getPostDetails(
  ctx: PhotositeContext,
  post: PostRef,
): Promise<{ data: PostDetails; source: string }> {
  const { media, via, labels } = await fetchPost(ctx, post);
  return {
    data: {
      platform: "photosite",
      ...media,
      shortcode: media.shortcode ?? post.shortcode,
      url: media.url ?? post.url,
      likeCountIsApproximate: labels?.likes.approximate ?? false,
      likeCountText: labels?.likes.text ?? null,
      commentCountIsApproximate: labels?.comments.approximate ?? false,
      commentCountText: labels?.comments.text ?? null,
      takenAtIsApproximate: labels !== null && media.takenAt !== null,
      takenAtText: labels?.takenAtText ?? null,
    },
    source: via,
  };
}

/** `GET /v1/photosite/details`: 1 credit. */
export const detailsOperation = defineOperation({
  id: "photosite.details",
  method: "GET",
  path: "/v1/photosite/details",
  tag: "photosite",
  summary:
    "Details of a post, reel or carousel: caption, likes, comments, views/plays, best image and video URLs, type, taken-at time, author, location, carousel slides, reel music, paid-partnership flag.",
  params: detailsParams,
  price: fixed(1),
  queue: "photosite",
  cache: { mode: "optIn" },
  handler: (params, ctx) => getPostDetails(ctx, params.url),
});
