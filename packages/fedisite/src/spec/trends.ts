import { cacheParam, cursorParam, defineOperationSpec, fixed, limitParam, pageFields } from "@sda/contract";
import { z } from "zod";
import { instanceParam } from "../inputs/links.ts";
import { fediLink, fediPost, fediTag } from "./shapes.ts";

/** Query parameters of `GET /v1/fedisite/trends`. */
export const trendsParams = z.object({
  instance: instanceParam,
  type: z.enum(["tags", "links", "posts"]).default("tags"),
  limit: limitParam(10, 100),
  cursor: cursorParam,
  cache: cacheParam,
});

/** `fedisite.trends`: what trends on an instance; the list of the type asked is set, the others are null. */
export const trendsOutput = z.object({
  instance: z.string(),
  type: z.string(),
  ...pageFields,
  tags: z.array(fediTag).nullable(),
  links: z.array(fediLink).nullable(),
  posts: z.array(fediPost).nullable(),
});

/** `GET /v1/fedisite/trends`: 2 credits per page, 0 for an empty one. */
export const trendsSpec = defineOperationSpec({
  name: "trends",
  summary:
    "What trends on an instance (`instance`): hashtags, links or posts (`type`), most trending first, with `limit` and `cursor`.",
  params: trendsParams,
  output: trendsOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
