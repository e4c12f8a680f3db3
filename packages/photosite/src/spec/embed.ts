import { boolParam, cacheParam, defineOperationSpec, fixed } from "@sda/core";
import { z } from "zod";
import { postParam } from "../inputs/params.ts";

/** Query parameters of `GET /v1/photosite/embed`: `url`, `captioned` (default true: the caption is shown). */
export const embedParams = z.object({ url: postParam, captioned: boolParam(true), cache: cacheParam });

/** `GET /v1/photosite/embed`: 1 credit. */
export const embedSpec = defineOperationSpec({
  name: "embed",
  summary:
    "The classic embed snippet of a post: a blockquote with class instagram-media and the embed script.",
  params: embedParams,
  price: fixed(1),
  cache: { mode: "optIn" },
});
