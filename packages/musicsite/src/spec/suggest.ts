import { cacheParam, defineOperationSpec, fixed } from "@sda/contract";
import { z } from "zod";
import { queryParam } from "../inputs/params.ts";
import { suggestion } from "./shapes.ts";

/** Query parameters of `GET /v1/musicsite/suggest`. */
export const suggestParams = z.object({ q: queryParam, cache: cacheParam });

/** `musicsite.suggest`: Bandcamp's autocomplete for `q`. */
export const suggestOutput = z.object({ query: z.string(), results: z.array(suggestion) });

/** `GET /v1/musicsite/suggest`: 1 credit, 0 when nothing is suggested. */
export const suggestSpec = defineOperationSpec({
  name: "suggest",
  summary: "Search suggestions (`q`): the artists, albums and tracks Bandcamp's autocomplete offers.",
  params: suggestParams,
  output: suggestOutput,
  price: fixed(1),
  cache: { mode: "optIn" },
});
