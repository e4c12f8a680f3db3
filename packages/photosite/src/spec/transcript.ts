import { AUDIO_ERROR_CODES, cacheParam, defineOperationSpec, fixed, segment, url } from "@sda/core";
import { z } from "zod";
import { postParam } from "../inputs/params.ts";

/** Query parameters of `GET /v1/photosite/transcript`. */
export const transcriptParams = z.object({ url: postParam, cache: cacheParam });

/** The speech of a reel as full text and timed segments (speech-to-text; the language is always detected). */
export const transcriptOutput = z.object({
  platform: z.literal("photosite"),
  id: z.string(),
  shortcode: z.string(),
  url,
  username: z.string().nullable(),
  asrProvider: z.string().describe("`asr-fast`, or `asr-standard` when the fast tier was unavailable."),
  language: z.string().describe("BCP-47 code of the detected language (`und`: none)."),
  languageIsDetected: z.boolean(),
  durationSeconds: z.number().min(0).nullable(),
  segments: z.array(segment),
  text: z.string(),
  source: z.literal("asr"),
});

/**
 * `GET /v1/photosite/transcript` (SPEC §4.3): 2 credits on success, 0 on every error; a cache hit (`cache=true`) is
 * free. Runs on the `audio` queue.
 */
export const transcriptSpec = defineOperationSpec({
  name: "transcript",
  summary:
    "Speech of a reel (or video post) by speech-to-text: full text, timestamped segments and the detected language.",
  params: transcriptParams,
  output: transcriptOutput,
  errors: AUDIO_ERROR_CODES,
  price: fixed(2),
  cache: { mode: "optIn" },
  queue: "audio",
});
