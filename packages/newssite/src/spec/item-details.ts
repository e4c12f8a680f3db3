import { cacheParam, defineOperationSpec, fixed } from "@sda/contract";
import { z } from "zod";
import { itemRefParam } from "../inputs/item-ref.ts";
import { newsItem } from "./shapes.ts";

/** Query parameters of `GET /v1/newssite/item-details`. */
export const itemDetailsParams = z.object({ url: itemRefParam, cache: cacheParam });

/** `newssite.item-details`: one item (a poll with its options). */
export const itemDetailsOutput = newsItem;

/** `GET /v1/newssite/item-details`: 1 credit. */
export const itemDetailsSpec = defineOperationSpec({
  name: "item-details",
  summary:
    "One item (`url`: item URL or id): story, comment, job or poll (with options and votes), deleted and dead flags.",
  params: itemDetailsParams,
  output: itemDetailsOutput,
  price: fixed(1),
  cache: { mode: "optIn" },
});
