import { cacheParam, defineOperationSpec, fixed, summaryFields, url } from "@sda/contract";
import { AUDIO_ERROR_CODES } from "@sda/media/error-codes";
import { SUMMARY_ERROR_CODES } from "@sda/summarize/error-codes";
import { z } from "zod";
import { postParam } from "../inputs/params.ts";

/** Query parameters of `GET /v1/photosite/summarize`. */
export const summarizeParams = z.object({ url: postParam, cache: cacheParam });

/** SPEC §2.5: a summary of a post from its caption and speech. */
export const summarizeOutput = z.object({
  platform: z.literal("photosite"),
  id: z.string(),
  shortcode: z.string(),
  url,
  username: z.string().nullable(),
  title: z.string().describe("What the summariser was told the post is (`Reel by @user`)."),
  language: z.string(),
  inputs: z.array(z.string()).describe("What was summarised: `caption`, `speech`, or both."),
  ...summaryFields,
});

/**
 * `GET /v1/photosite/summarize` (SPEC §4.3): 4 credits when a summary is returned, 0 on every error; a cache hit
 * (`cache=true`) is free. Runs on the `ai` queue.
 */
export const summarizeSpec = defineOperationSpec({
  name: "summarize",
  summary:
    "Summary of a post or reel from its caption and the reel's speech: summary paragraph, key points, topics and sentiment.",
  params: summarizeParams,
  output: summarizeOutput,
  errors: { ...AUDIO_ERROR_CODES, ...SUMMARY_ERROR_CODES },
  price: fixed(4),
  cache: { mode: "optIn" },
  queue: "ai",
});
