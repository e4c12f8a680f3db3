import { cacheParam, defineOperationSpec, fixed } from "@sda/contract";
import { z } from "zod";
import { postParam } from "../inputs/refs.ts";
import { post } from "./shapes.ts";

/** Query parameters of `GET /v1/microblogsite/post-details`: a `bsky.app` post link or an `at://` URI. */
export const postDetailsParams = z.object({ url: postParam, cache: cacheParam });

/** `microblogsite.post-details`: one post. */
export const postDetailsOutput = post;

/** `GET /v1/microblogsite/post-details`: 1 credit. */
export const postDetailsSpec = defineOperationSpec({
  name: "post-details",
  summary:
    "One post (`url`: bsky.app post link or at:// URI): text, author, counts, reply refs, embed (images, video, link card, quote), links, mentions, tags, labels.",
  params: postDetailsParams,
  output: postDetailsOutput,
  price: fixed(1),
  cache: { mode: "optIn" },
});
