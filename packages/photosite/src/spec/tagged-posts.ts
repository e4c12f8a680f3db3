import { cacheParam, cursorParam, defineOperationSpec, fixed, limitParam } from "@sda/core";
import { z } from "zod";
import { profileOrUserIdShape, requireProfileOrUserId } from "../inputs/params.ts";

/** Query parameters of `GET /v1/photosite/tagged-posts`: `url` (profile) or `userId`, `limit`, `cursor`. */
export const taggedPostsParams = z
  .object({ ...profileOrUserIdShape, limit: limitParam(12, 100), cursor: cursorParam, cache: cacheParam })
  .superRefine(requireProfileOrUserId);

/** `GET /v1/photosite/tagged-posts`: 1 credit per call (0 for an empty list). */
export const taggedPostsSpec = defineOperationSpec({
  name: "tagged-posts",
  summary:
    "Posts that tag a profile, with the author's verified flag and avatar when available and a staleFeed flag.",
  params: taggedPostsParams,
  price: fixed(1),
  cache: { mode: "optIn" },
});
