import { cacheParam, cursorParam, defineOperationSpec, fixed } from "@sda/contract";
import { z } from "zod";
import { pageParam, queryParam } from "../inputs/params.ts";
import { searchOutput } from "./shapes.ts";

/** Query parameters of `GET /v1/musicsite/search`: `q`, `page` (1…), or a previous answer's `cursor`. */
export const searchParams = z.object({
  q: queryParam,
  page: pageParam,
  cursor: cursorParam,
  cache: cacheParam,
});

/** `GET /v1/musicsite/search`: 1 credit a page, 0 for an empty one. */
export const searchSpec = defineOperationSpec({
  name: "search",
  summary:
    "Bandcamp search (`q`): artists and labels, albums and tracks, one page of Bandcamp's results (`page`, or `cursor` for the next).",
  params: searchParams,
  output: searchOutput,
  price: fixed(1),
  cache: { mode: "optIn" },
});
