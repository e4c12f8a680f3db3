import {
  cacheParam,
  cursorParam,
  defineOperationSpec,
  failWith,
  fixed,
  limitParam,
  listPage,
} from "@sda/contract";
import { z } from "zod";
import { libraryLinkParam } from "../inputs/links.ts";
import { digitsParam, filterParams, statusParam } from "../inputs/params.ts";
import { ad, adAdvertiser, listFields } from "./shapes.ts";

/**
 * Query parameters of `GET /v1/adsite/advertiser-ads`: `pageId` or `url` (an Ad Library `view_all_page_id` link;
 * `pageId` wins when both are given). Refined, not transformed, so the gateway keeps its `shape`.
 */
export const advertiserAdsParams = z
  .object({
    pageId: digitsParam("pageId").optional(),
    url: libraryLinkParam("advertiser").optional(),
    ...filterParams,
    status: statusParam("all"),
    limit: limitParam(30, 30),
    cursor: cursorParam,
    cache: cacheParam,
  })
  .superRefine((params, ctx) => {
    if (params.pageId === undefined && params.url === undefined)
      failWith(ctx, "missing_parameter", "pageId or url is required", { param: "pageId" });
  });

/** `adsite.advertiser-ads`: a page of one advertiser's ads. */
export const advertiserAdsOutput = listPage("ads", ad, {
  advertiser: adAdvertiser
    .pick({ id: true, name: true, url: true, likes: true, categories: true })
    .describe("The advertiser, as its ads name it (null fields when it has none)."),
  ...listFields,
});

/** `GET /v1/adsite/advertiser-ads`: 2 credits a page, 0 for an empty one. */
export const advertiserAdsSpec = defineOperationSpec({
  name: "advertiser-ads",
  summary:
    "One advertiser's ads in the Meta Ad Library (`pageId` or `url`), in a `country`, by `status`, `adType` and `mediaType`, with `limit` and `cursor`.",
  params: advertiserAdsParams,
  output: advertiserAdsOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
