import { cacheParam, cursorParam, defineOperationSpec, limitParam, perResult } from "@sda/core";
import { z } from "zod";
import { audioIdParam } from "../inputs/params.ts";

/** Query parameters of `GET /v1/photosite/reels-by-audio-id`. */
export const reelsByAudioParams = z.object({
  audioId: audioIdParam,
  limit: limitParam(12, 100),
  cursor: cursorParam,
  cache: cacheParam,
});

/** `GET /v1/photosite/reels-by-audio-id`: 1.4 credits per reel returned, rounded up per call. */
export const reelsByAudioSpec = defineOperationSpec({
  name: "reels-by-audio-id",
  summary: "Reels that use one sound, with the sound's title, artist, duration, owner and trending flags.",
  params: reelsByAudioParams,
  price: perResult(1.4, 12),
  cache: { mode: "optIn" },
});
