import { cacheParam, defineOperationSpec, fixed } from "@sda/core";
import { z } from "zod";
import { hashtagParam } from "../inputs/params.ts";

/** Query parameters of `GET /v1/photosite/hashtag-search`: `q` = one hashtag (with or without `#`). */
export const hashtagSearchParams = z.object({ q: hashtagParam, cache: cacheParam });

/** `GET /v1/photosite/hashtag-search`: 2 credits per call (0 for an empty surface). */
export const hashtagSearchSpec = defineOperationSpec({
  name: "hashtag-search",
  summary: "The hashtag explore surface: the tag's media count and its top and recent media.",
  params: hashtagSearchParams,
  price: fixed(2),
  cache: { mode: "optIn" },
});
