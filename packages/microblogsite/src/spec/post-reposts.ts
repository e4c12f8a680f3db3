import { defineOperationSpec, fixed, listPage } from "@sda/contract";
import { z } from "zod";
import { postLikesParams } from "./post-likes.ts";
import { account } from "./shapes.ts";

/** Query parameters of `GET /v1/microblogsite/post-reposts`: those of post-likes. */
export const postRepostsParams = postLikesParams;

/** `microblogsite.post-reposts`: a page of the accounts that reposted a post. */
export const postRepostsOutput = listPage("users", account, {
  postId: z.string().describe("`at://` URI of the post."),
});

/** `GET /v1/microblogsite/post-reposts`: 2 credits per page, 0 for an empty one. */
export const postRepostsSpec = defineOperationSpec({
  name: "post-reposts",
  summary: "The accounts that reposted a post (`url`), with `limit` and `cursor`.",
  params: postRepostsParams,
  output: postRepostsOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
