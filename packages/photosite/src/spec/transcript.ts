import { cacheParam, defineOperationSpec, fixed, speechFields, url } from "@sda/contract";
import { AUDIO_ERROR_CODES } from "@sda/media/error-codes";
import { z } from "zod";
import { postParam } from "../inputs/params.ts";

/** Query parameters of `GET /v1/photosite/transcript`. */
export const transcriptParams = z.object({ url: postParam, cache: cacheParam });

/**
 * The speech of a reel as full text and timed segments: the speech-to-text shape of every transcript (`speechFields`,
 * SPEC §2.4) after the post's identity; the language is always detected (the operation takes no `language`), and
 * the length may be unknown (the price is flat, so it bills nothing).
 */
export const transcriptOutput = z.object({
  platform: z.literal("photosite"),
  id: z.string(),
  shortcode: z.string(),
  url,
  username: z.string().nullable(),
  ...speechFields,
  language: speechFields.language.describe("BCP-47 code of the detected language (`und`: none)."),
  durationSeconds: speechFields.durationSeconds
    .nullable()
    .describe(
      "The reel's length in whole seconds (the post's `video_duration`, else the speech file's); null when neither tells.",
    ),
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
