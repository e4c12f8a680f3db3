/**
 * The photosite (photo platform) package: the web API / GraphQL client, typed readers of its answers, and the
 * photosite operations (SPEC §4.3).
 */

export type { PhotositeContext } from "./client/context.ts";
export { fetchPost, type PostAnswer } from "./client/post.ts";
export {
  type PostRef,
  type ProfileRef,
  parsePost,
  parseProfile,
  postParam,
  profileParam,
} from "./inputs/params.ts";
export { mediaIdToShortcode, shortcodeToMediaId } from "./inputs/shortcode.ts";
export { getPostDetails, type PostDetails } from "./operations/details.ts";
export type { Media, Music, UserRef } from "./readers/model.ts";
export { photositePlatform } from "./spec.ts";
