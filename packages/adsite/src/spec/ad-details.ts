import { cacheParam, count, defineOperationSpec, fixed } from "@sda/contract";
import { z } from "zod";
import { countryParam, digitsParam } from "../inputs/params.ts";
import { adTransparency } from "./shapes.ts";

/** Query parameters of `GET /v1/adsite/ad-details`: the ad's `id` and its advertiser's `pageId`, `country`. */
export const adDetailsParams = z.object({
  id: digitsParam("id"),
  pageId: digitsParam("pageId"),
  country: countryParam,
  cache: cacheParam,
});

/** `adsite.ad-details`: one ad's transparency and its advertiser's page facts. */
export const adDetailsOutput = z.object({
  id: z.string(),
  pageId: z.string(),
  country: z.string(),
  transparency: adTransparency,
  advertiser: z.object({
    likes: count.nullable(),
    alias: z.string().nullable().describe("The page's username (`page_alias`)."),
    category: z.string().nullable(),
    instagram: z
      .object({ username: z.string(), followers: count.nullable() })
      .nullable()
      .describe("The page's Instagram account, when it has one."),
    verification: z.string().nullable().describe("`BLUE_VERIFIED`, `NOT_VERIFIED`, …"),
  }),
});

/** `GET /v1/adsite/ad-details`: 2 credits. */
export const adDetailsSpec = defineOperationSpec({
  name: "ad-details",
  summary:
    "One ad's transparency (`id`, `pageId`, `country`): payer and beneficiary, EU and UK reach by country, age and gender, and the advertiser's page facts.",
  params: adDetailsParams,
  output: adDetailsOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
