import { cacheParam, defineOperationSpec, fixed, summaryFields, url } from "@sda/contract";
import { SUMMARY_ERROR_CODES } from "@sda/summarize/error-codes";
import { z } from "zod";
import { languageParam } from "../inputs/language.ts";
import { videoUrlParam } from "../inputs/video-url.ts";

/** Query parameters of `GET /v1/videosite/summarize` (SPEC §4.2). */
export const summarizeParams = z.object({
  url: videoUrlParam,
  /** The caption track to summarise (as the transcript operation chooses it), and so the summary's language. */
  language: languageParam,
  cache: cacheParam,
});

/** SPEC §2.5: the summary of a video from its captions. */
export const summarizeOutput = z.object({
  url,
  videoId: z.string(),
  title: z.string(),
  language: z.string().describe("Language of the caption track summarised."),
  ...summaryFields,
});

/**
 * `GET /v1/videosite/summarize` (SPEC §2.5, §4.2): 3 credits when a summary is returned, 0 on every error. Runs on
 * the `ai` queue.
 */
export const summarizeSpec = defineOperationSpec({
  name: "summarize",
  summary:
    "Summary of a video from its captions: summary paragraphs, key points, topics and overall sentiment, in the caption track's language (`language` chooses the track as the transcript operation does).",
  params: summarizeParams,
  output: summarizeOutput,
  errors: SUMMARY_ERROR_CODES,
  price: fixed(3),
  cache: { mode: "optIn" },
  queue: "ai",
});
