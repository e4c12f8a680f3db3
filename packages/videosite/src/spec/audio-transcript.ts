import {
  cacheParam,
  defineOperationSpec,
  optionalIntParam,
  perAudioMinute,
  speechTranscriptFields,
} from "@sda/contract";
import { AUDIO_ERROR_CODES } from "@sda/media/error-codes";
import { z } from "zod";
import { languageParam } from "../inputs/language.ts";
import { videoUrlParam } from "../inputs/video-url.ts";

/** Query parameters of `GET /v1/videosite/audio-transcript` (SPEC §4.2). */
export const audioTranscriptParams = z.object({
  url: videoUrlParam,
  language: languageParam,
  /** Cap on the price: a higher estimate is 400 `cost_exceeds_max` before any download (SPEC §4.2.2 rule 4). */
  maxCredits: optionalIntParam({ min: 1, max: 50_000 }),
  cache: cacheParam,
});

/** SPEC §2.4: the transcript of a video's speech (`creditsUsed` is also echoed on the envelope). */
export const audioTranscriptOutput = z.object({
  platform: z.literal("videosite"),
  videoId: z.string(),
  ...speechTranscriptFields("video"),
});

/**
 * `GET /v1/videosite/audio-transcript` (SPEC §2.4, §4.2.2, §7.4): 2 credits per started minute of the video, charged
 * only on success; a cache hit (`cache=true`) is billed the same (SPEC §8 rule 2). Runs on the `audio` queue.
 */
export const audioTranscriptSpec = defineOperationSpec({
  name: "audio-transcript",
  summary:
    "Transcript of a video's speech by speech-to-text (up to 90 minutes): full text, timed segments and the detected language; priced per minute, estimate checked against maxCredits and the balance before any download.",
  params: audioTranscriptParams,
  output: audioTranscriptOutput,
  errors: AUDIO_ERROR_CODES,
  price: perAudioMinute(2),
  cache: { mode: "optIn" },
  queue: "audio",
});
