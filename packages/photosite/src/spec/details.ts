import { cacheParam, defineOperationSpec, fixed } from "@sda/contract";
import { z } from "zod";
import { postParam } from "../inputs/params.ts";
import { mediaFields, userRef } from "./shapes.ts";

/** Query parameters of `GET /v1/photosite/details`. */
export const detailsParams = z.object({ url: postParam, cache: cacheParam });

/** SPEC §2.11: a post, reel or carousel with its author, per-slide `children` and label-derived flags. */
export const detailsOutput = z.object({
  platform: z.literal("photosite"),
  ...mediaFields,
  author: userRef.nullable(),
  likeCountIsApproximate: z.boolean(),
  likeCountText: z.string().nullable(),
  commentCountIsApproximate: z.boolean(),
  commentCountText: z.string().nullable(),
  takenAtIsApproximate: z.boolean().describe("True when `takenAt` is only the day a page label gave."),
  takenAtText: z.string().nullable(),
});

/** `GET /v1/photosite/details`: 1 credit. */
export const detailsSpec = defineOperationSpec({
  name: "details",
  summary:
    "Details of a post, reel or carousel: caption, likes, comments, views/plays, best image and video URLs, type, taken-at time, author, location, carousel slides, reel music, paid-partnership flag.",
  params: detailsParams,
  output: detailsOutput,
  price: fixed(1),
  cache: { mode: "optIn" },
});
