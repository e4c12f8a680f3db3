import {
  cacheParam,
  defineOperationSpec,
  optionalIntParam,
  perAudioMinute,
  speechTranscriptFields,
} from "@sda/contract";
import { AUDIO_ERROR_CODES } from "@sda/media/error-codes";
import { z } from "zod";
import { audioUrlParam, languageParam } from "../inputs/params.ts";

/** Query parameters of `GET /v1/audiosite/audio-transcript` (SPEC §4.2). */
export const audioTranscriptParams = z.object({
  url: audioUrlParam("track"),
  language: languageParam,
  /** Cap on the price: a higher estimate is 400 `cost_exceeds_max` before any download. */
  maxCredits: optionalIntParam({ min: 1, max: 50_000 }),
  cache: cacheParam,
});

/** SPEC §2.4 with `trackId` for `videoId`: the transcript of a track's speech. */
export const audioTranscriptOutput = z.object({
  platform: z.literal("audiosite"),
  trackId: z.string(),
  ...speechTranscriptFields("track"),
});

/**
 * `GET /v1/audiosite/audio-transcript`: 2 credits per started minute of the track, charged only on success; a cache
 * hit is billed the same (SPEC §8 rule 2). Runs on the `audio` queue.
 */
export const audioTranscriptSpec = defineOperationSpec({
  name: "audio-transcript",
  summary:
    "Transcript of a track's speech by speech-to-text (up to 90 minutes): full text, timed segments and the detected language; priced per minute, checked against maxCredits and the balance before any download.",
  params: audioTranscriptParams,
  output: audioTranscriptOutput,
  errors: AUDIO_ERROR_CODES,
  price: perAudioMinute(2),
  cache: { mode: "optIn" },
  queue: "audio",
});
