import { defineHandlers } from "@sda/core";
import { adHandler } from "./operations/ad.ts";
import { adDetailsHandler } from "./operations/ad-details.ts";
import { advertiserAdsHandler } from "./operations/advertiser-ads.ts";
import { searchHandler } from "./operations/search.ts";
import { adsitePlatform } from "./spec.ts";

/** The adsite handlers, bound to the specs of {@link adsitePlatform} (the worker dispatches to them). */
export const adsiteHandlers = defineHandlers(adsitePlatform, {
  search: searchHandler,
  "advertiser-ads": advertiserAdsHandler,
  ad: adHandler,
  "ad-details": adDetailsHandler,
});
