import {
  cacheParam,
  count,
  countWithLabel,
  cursorParam,
  defineOperationSpec,
  limitParam,
  listPage,
  perResult,
} from "@sda/contract";
import { z } from "zod";
import { audioIdParam } from "../inputs/params.ts";
import { musicWithoutTrend, reelRow } from "./shapes.ts";

/** Query parameters of `GET /v1/photosite/reels-by-audio-id`. */
export const reelsByAudioIdParams = z.object({
  audioId: audioIdParam,
  limit: limitParam(12, 100),
  cursor: cursorParam,
  cache: cacheParam,
});

/** SPEC §2.11: a page of reels using one sound (`isTrendingInClips`, `trendRank`, `music{}`). */
export const reelsByAudioIdOutput = listPage("reels", reelRow, {
  audioId: z.string(),
  music: musicWithoutTrend.nullable(),
  isTrendingInClips: z.boolean().nullable(),
  trendRank: count.nullable(),
  ...countWithLabel("reelCount"),
}).omit({ reelCountIsApproximate: true });

/** `GET /v1/photosite/reels-by-audio-id`: 1.4 credits per reel returned, rounded up per call. */
export const reelsByAudioIdSpec = defineOperationSpec({
  name: "reels-by-audio-id",
  summary: "Reels that use one sound, with the sound's title, artist, duration, owner and trending flags.",
  params: reelsByAudioIdParams,
  output: reelsByAudioIdOutput,
  price: perResult(1.4, 12),
  cache: { mode: "optIn" },
});
