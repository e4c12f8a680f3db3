import { cacheParam, defineOperationSpec, fixed } from "@sda/core";
import { z } from "zod";
import { hashtagParam } from "../inputs/params.ts";

/** Query parameters of `GET /v1/photosite/reels-search`: `q` = one hashtag. */
export const reelsSearchParams = z.object({ q: hashtagParam, cache: cacheParam });

/** `GET /v1/photosite/reels-search`: 2 credits per call (0 for no reel). */
export const reelsSearchSpec = defineOperationSpec({
  name: "reels-search",
  summary: "Reels of a hashtag with views, location and commercial flags.",
  params: reelsSearchParams,
  price: fixed(2),
  cache: { mode: "optIn" },
});
