import { cacheParam, defineOperationSpec, fixed } from "@sda/contract";
import { z } from "zod";
import { statusParam } from "../inputs/links.ts";
import { fediPost } from "./shapes.ts";

/** Query parameters of `GET /v1/fedisite/post-details`. */
export const postDetailsParams = z.object({ url: statusParam, cache: cacheParam });

/** `fedisite.post-details`: one post. */
export const postDetailsOutput = fediPost.extend({
  instance: z.string().describe("The instance asked (whose id `id` is)."),
});

/** `GET /v1/fedisite/post-details`: 1 credit. */
export const postDetailsSpec = defineOperationSpec({
  name: "post-details",
  summary:
    "One post (`url`: `https://<instance>/@user/<id>`): text and HTML, author, counts, media, card, poll, quote, tags, mentions.",
  params: postDetailsParams,
  output: postDetailsOutput,
  price: fixed(1),
  cache: { mode: "optIn" },
});
