import { definePlatform, withHandler } from "@sda/contract";
import { adsiteErrorCodes } from "./errors.ts";
import { adsiteHistory } from "./history.ts";
import { adChanges } from "./monitor.ts";
import { adSpec } from "./spec/ad.ts";
import { adDetailsSpec } from "./spec/ad-details.ts";
import { advertiserAdsSpec } from "./spec/advertiser-ads.ts";
import { searchSpec } from "./spec/search.ts";

/**
 * The adsite platform (the Meta Ad Library, read logged out as a browser does) as the gateway sees it
 * (`@sda/adsite`): host, error codes, recording rule, History, monitor rules, canary and the four
 * operations, each with the lazy import of its handler. No extraction code is imported here: a worker imports an
 * operation's handler on its first call.
 */
export const adsitePlatform = definePlatform({
  name: "adsite",
  title: "the Meta Ad Library",
  hosts: ["www.facebook.com"],
  errorCodes: adsiteErrorCodes,
  // The GraphQL form's session fields and rotating build keys are never identity (corpus README: not matched).
  recording: {
    volatileBody: [
      /^(av|lsd|jazoest|fb_dtsg|doc_id|dpr|__\w+|fb_api_caller_class|server_timestamps)$/,
      /^variables\.(sessionID|collationToken|v|source|isAdNonPolitical|isAdNotAAAEligible)$/,
    ],
    secretFields: ["lsd", "fb_dtsg", "jazoest"],
  },
  history: adsiteHistory,
  // Items are ads keyed by their Library ID, delivered with `change` (new, changed, stopped): see `monitor.ts`.
  monitors: { search: adChanges("ads"), "advertiser-ads": adChanges("ads") },
  // One advertiser with a long-running library (Nike): its page breaks first when the library's page changes.
  canaries: [{ operation: "advertiser-ads", params: { pageId: "15087023444", limit: "2" } }],
  operations: [
    withHandler(searchSpec, () => import("./operations/search.ts").then((m) => m.searchHandler)),
    withHandler(advertiserAdsSpec, () =>
      import("./operations/advertiser-ads.ts").then((m) => m.advertiserAdsHandler),
    ),
    withHandler(adSpec, () => import("./operations/ad.ts").then((m) => m.adHandler)),
    withHandler(adDetailsSpec, () => import("./operations/ad-details.ts").then((m) => m.adDetailsHandler)),
  ],
});
