import { cacheParam, defineOperationSpec, fixed } from "@sda/core";
import { z } from "zod";
import { postParam } from "../inputs/params.ts";

/** Query parameters of `GET /v1/photosite/details`. */
export const detailsParams = z.object({ url: postParam, cache: cacheParam });

/** `GET /v1/photosite/details`: 1 credit. */
export const detailsSpec = defineOperationSpec({
  name: "details",
  summary:
    "Details of a post, reel or carousel: caption, likes, comments, views/plays, best image and video URLs, type, taken-at time, author, location, carousel slides, reel music, paid-partnership flag.",
  params: detailsParams,
  price: fixed(1),
  cache: { mode: "optIn" },
});
