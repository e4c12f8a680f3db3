import { cacheParam, count, defineOperationSpec, fixed, listPage, url } from "@sda/contract";
import { z } from "zod";
import { hashtagParam } from "../inputs/params.ts";
import { postRow } from "./shapes.ts";

/** Query parameters of `GET /v1/photosite/hashtag-search`: `q` = one hashtag (with or without `#`). */
export const hashtagSearchParams = z.object({ q: hashtagParam, cache: cacheParam });

/** The hashtag explore surface: the tag, its top and recent media (one page). */
export const hashtagSearchOutput = listPage("posts", postRow, {
  query: z.string(),
  url,
  hashtag: z.object({
    id: z.string().nullable(),
    name: z.string().nullable(),
    mediaCount: count.nullable(),
    mediaCountText: z.string().nullable(),
    profilePicUrl: url.nullable(),
    subtitle: z.string().nullable(),
    isTrending: z.boolean().nullable(),
  }),
  top: z.array(postRow),
  recent: z.array(postRow),
  moreAvailable: z.boolean(),
});

/** `GET /v1/photosite/hashtag-search`: 2 credits per call (0 for an empty surface). */
export const hashtagSearchSpec = defineOperationSpec({
  name: "hashtag-search",
  summary: "The hashtag explore surface: the tag's media count and its top and recent media.",
  params: hashtagSearchParams,
  output: hashtagSearchOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
