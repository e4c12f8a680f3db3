import { cacheParam, defineOperationSpec, failWith, type PriceRule } from "@sda/contract";
import { z } from "zod";
import { bandcampUrlParam, numericIdParam } from "../inputs/params.ts";
import { artist } from "./shapes.ts";

/**
 * Query parameters of `GET /v1/musicsite/artist`: an artist host `url` (`https://<artist>.bandcamp.com`, a custom
 * domain, any page of the artist's site, a release page too) or its `bandId`; `bandId` wins when both are given.
 */
export const artistParams = z
  .object({
    url: bandcampUrlParam.optional(),
    bandId: numericIdParam.optional(),
    cache: cacheParam,
  })
  .superRefine((params, ctx) => {
    if (params.url === undefined && params.bandId === undefined)
      failWith(ctx, "invalid_parameter", "give the artist's url or its bandId", { param: "url" });
  });

/**
 * 1 credit, 2 when the band is resolved from a `url` (one page read before `band_details`); a cache hit is free.
 */
export const artistPrice: PriceRule = {
  describe: "1 credit per call (2 when the band id is resolved from a url)",
  billCacheHits: false,
  max: (params) => (params.bandId === undefined ? 2 : 1),
  charge: (params) => (params.bandId === undefined ? 2 : 1),
};

/** `GET /v1/musicsite/artist`. */
export const artistSpec = defineOperationSpec({
  name: "artist",
  summary:
    "An artist or label (`url` of its Bandcamp host or custom domain, or `bandId`): profile, links, the whole discography, a label's roster.",
  params: artistParams,
  output: artist,
  price: artistPrice,
  cache: { mode: "optIn" },
});
