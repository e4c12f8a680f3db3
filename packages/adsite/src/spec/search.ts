import { cacheParam, cursorParam, defineOperationSpec, fixed, limitParam, listPage } from "@sda/contract";
import { z } from "zod";
import { exactPhraseParam, filterParams, statusParam } from "../inputs/params.ts";
import { ad, listFields } from "./shapes.ts";

/** Query parameters of `GET /v1/adsite/search`: `q` at least 2 characters (SPEC §8), `limit` 1–30 (one page). */
export const searchParams = z.object({
  q: z.string().trim().min(2).max(512),
  ...filterParams,
  status: statusParam("active"),
  exactPhrase: exactPhraseParam,
  limit: limitParam(30, 30),
  cursor: cursorParam,
  cache: cacheParam,
});

/** `adsite.search`: a page of the library's keyword search. */
export const searchOutput = listPage("ads", ad, { query: z.string(), ...listFields });

/** `GET /v1/adsite/search`: 2 credits a page, 0 for an empty one. */
export const searchSpec = defineOperationSpec({
  name: "search",
  summary:
    "Ads of the Meta Ad Library matching keywords (`q`, `exactPhrase`) in a `country`, by `status`, `adType` and `mediaType`, with `limit` and `cursor`.",
  params: searchParams,
  output: searchOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
