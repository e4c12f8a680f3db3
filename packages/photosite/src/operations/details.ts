import type { HandlerFor } from "@sda/contract";
import type { z } from "zod";
import type { PhotositeContext } from "../client/context.ts";
import { fetchPost } from "../client/post.ts";
import type { PhotositeEnv } from "../env.ts";
import type { PostRef } from "../inputs/params.ts";
import type { Media } from "../readers/model.ts";
import type { PhotositeServices } from "../services.ts";
import type { detailsOutput, detailsSpec } from "../spec/details.ts";

/** `data` of the details operation: the media with `author`, plus the approximate flags of label-derived values. */
export type PostDetails = Media & {
  /** The platform (`ctx.platform`, the spec's literal). */
  platform: z.output<typeof detailsOutput>["platform"];
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
      platform: ctx.platform as PostDetails["platform"],
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

/** The handler of `photosite.details` (its spec: `detailsSpec`). */
export const detailsHandler: HandlerFor<typeof detailsSpec, PhotositeEnv, PhotositeServices> = (
  params,
  ctx,
) => getPostDetails(ctx, params.url);
