import { cacheParam, defineOperationSpec, failWith, fixed } from "@sda/contract";
import { z } from "zod";
import { libraryLinkParam } from "../inputs/links.ts";
import { countryParam, digitsParam } from "../inputs/params.ts";
import { ad } from "./shapes.ts";

/** Query parameters of `GET /v1/adsite/ad`: `id` or `url` (an Ad Library `?id=` link; `id` wins), `country`. */
export const adParams = z
  .object({
    id: digitsParam("id").optional(),
    url: libraryLinkParam("ad").optional(),
    country: countryParam,
    cache: cacheParam,
  })
  .superRefine((params, ctx) => {
    if (params.id === undefined && params.url === undefined)
      failWith(ctx, "missing_parameter", "id or url is required", { param: "id" });
  });

/** `adsite.ad`: one ad, only when the library page holds the asked one. */
export const adOutput = ad;

/** `GET /v1/adsite/ad`: 1 credit. */
export const adSpec = defineOperationSpec({
  name: "ad",
  summary:
    "One ad of the Meta Ad Library by its Library ID (`id` or `url`); 404 `ad_not_found` when the library answers another ad.",
  params: adParams,
  output: adOutput,
  price: fixed(1),
  cache: { mode: "optIn" },
  errors: ["ad_not_found"],
});
