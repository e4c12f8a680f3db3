import { cacheParam, defineOperationSpec, fixed } from "@sda/core";
import { z } from "zod";
import { postParam } from "../inputs/params.ts";

/** Query parameters of `GET /v1/photosite/summarize`. */
export const summarizeParams = z.object({ url: postParam, cache: cacheParam });

/**
 * `GET /v1/photosite/summarize` (SPEC §4.3): 4 credits when a summary is returned, 0 on every error; a cache hit
 * (`cache=true`) is free. Runs on the `ai` queue.
 */
export const summarizeSpec = defineOperationSpec({
  name: "summarize",
  summary:
    "Summary of a post or reel from its caption and the reel's speech: summary paragraph, key points, topics and sentiment.",
  params: summarizeParams,
  price: fixed(4),
  cache: { mode: "optIn" },
  queue: "ai",
});
