import { cacheParam, count, defineOperationSpec, fixed, listPage } from "@sda/contract";
import { z } from "zod";
import { hashtagParam } from "../inputs/params.ts";
import { reelRow } from "./shapes.ts";

/** Query parameters of `GET /v1/photosite/reels-search`: `q` = one hashtag. */
export const reelsSearchParams = z.object({ q: hashtagParam, cache: cacheParam });

/** SPEC §2.11: reels of a hashtag (one page: `nextCursor` null, `hasMore` false). */
export const reelsSearchOutput = listPage("reels", reelRow, {
  query: z.string(),
  hashtagMediaCount: count.nullable().describe("Posts using the tag."),
});

/** `GET /v1/photosite/reels-search`: 2 credits per call (0 for no reel). */
export const reelsSearchSpec = defineOperationSpec({
  name: "reels-search",
  summary: "Reels of a hashtag with views, location and commercial flags.",
  params: reelsSearchParams,
  output: reelsSearchOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
