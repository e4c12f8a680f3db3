import { boolParam, cacheParam, defineOperationSpec, fixed, url } from "@sda/contract";
import { z } from "zod";
import { postParam } from "../inputs/params.ts";

/** Query parameters of `GET /v1/photosite/embed`: `url`, `captioned` (default true: the caption is shown). */
export const embedParams = z.object({ url: postParam, captioned: boolParam(true), cache: cacheParam });

/** SPEC §2.11: the classic embed snippet (`html`: a `blockquote.instagram-media` plus the embed script). */
export const embedOutput = z.object({
  url,
  shortcode: z.string(),
  permalink: url,
  html: z.string(),
  authorUsername: z.string().nullable(),
  authorName: z.string().nullable(),
  thumbnailUrl: url.nullable(),
  captioned: z.boolean(),
});

/** `GET /v1/photosite/embed`: 1 credit. */
export const embedSpec = defineOperationSpec({
  name: "embed",
  summary:
    "The classic embed snippet of a post: a blockquote with class instagram-media and the embed script.",
  params: embedParams,
  output: embedOutput,
  price: fixed(1),
  cache: { mode: "optIn" },
});
