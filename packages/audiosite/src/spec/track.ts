import { cacheParam, defineOperationSpec, fixed } from "@sda/contract";
import { z } from "zod";
import { audioUrlParam } from "../inputs/params.ts";
import { track } from "./shapes.ts";

/** Query parameters of `GET /v1/audiosite/track`. */
export const trackParams = z.object({ url: audioUrlParam("track"), cache: cacheParam });

/** `audiosite.track`: a track (a geo-blocked or preview-only one too). */
export const trackOutput = track;

/** `GET /v1/audiosite/track`: 1 credit. */
export const trackSpec = defineOperationSpec({
  name: "track",
  summary:
    "A SoundCloud track: title, dates, durations, availability (policy), genre, tags, license, counts, label metadata and stream formats.",
  params: trackParams,
  output: trackOutput,
  price: fixed(1),
  cache: { mode: "optIn" },
});
