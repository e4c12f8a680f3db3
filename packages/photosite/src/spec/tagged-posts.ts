import { cacheParam, cursorParam, defineOperationSpec, fixed, limitParam, listPage } from "@sda/contract";
import { z } from "zod";
import { profileOrUserIdShape, requireProfileOrUserId } from "../inputs/params.ts";
import { postRow } from "./shapes.ts";

/** Query parameters of `GET /v1/photosite/tagged-posts`: `url` (profile) or `userId`, `limit`, `cursor`. */
export const taggedPostsParams = z
  .object({ ...profileOrUserIdShape, limit: limitParam(12, 100), cursor: cursorParam, cache: cacheParam })
  .superRefine(requireProfileOrUserId);

/** SPEC §2.11: a page of posts that tag an account (`staleFeed` when the platform served a cached feed). */
export const taggedPostsOutput = listPage("posts", postRow, {
  userId: z.string(),
  username: z.string().nullable(),
  staleFeed: z.boolean().describe("The platform served a cached feed (non-final, repeating or stuck)."),
});

/** `GET /v1/photosite/tagged-posts`: 1 credit per call (0 for an empty list). */
export const taggedPostsSpec = defineOperationSpec({
  name: "tagged-posts",
  summary:
    "Posts that tag a profile, with the author's verified flag and avatar when available and a staleFeed flag.",
  params: taggedPostsParams,
  output: taggedPostsOutput,
  price: fixed(1),
  cache: { mode: "optIn" },
});
