import {
  cacheParam,
  component,
  cursorParam,
  defineOperationSpec,
  fixed,
  limitParam,
  listPage,
  timestamp,
} from "@sda/contract";
import { z } from "zod";
import { postParam } from "../inputs/refs.ts";
import { account } from "./shapes.ts";

/** Query parameters of `GET /v1/microblogsite/post-likes` (and of `/post-reposts`). */
export const postLikesParams = z.object({
  url: postParam,
  limit: limitParam(50, 1000),
  cursor: cursorParam,
  cache: cacheParam,
});

const liker = component(
  "MicroblogsiteLiker",
  account.extend({ likedAt: timestamp.nullable().describe("When the like was made (its record's time).") }),
  "An account that liked a post, and when.",
);

/** `microblogsite.post-likes`: a page of the accounts that liked a post, newest first. */
export const postLikesOutput = listPage("users", liker, {
  postId: z.string().describe("`at://` URI of the post."),
});

/** `GET /v1/microblogsite/post-likes`: 2 credits per page, 0 for an empty one. */
export const postLikesSpec = defineOperationSpec({
  name: "post-likes",
  summary:
    "The accounts that liked a post (`url`), newest first, with when they liked it, `limit` and `cursor`.",
  params: postLikesParams,
  output: postLikesOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
