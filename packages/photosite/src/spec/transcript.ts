import { cacheParam, defineOperationSpec, fixed } from "@sda/core";
import { z } from "zod";
import { postParam } from "../inputs/params.ts";

/** Query parameters of `GET /v1/photosite/transcript`. */
export const transcriptParams = z.object({ url: postParam, cache: cacheParam });

/**
 * `GET /v1/photosite/transcript` (SPEC §4.3): 2 credits on success, 0 on every error; a cache hit (`cache=true`) is
 * free. Runs on the `audio` queue.
 */
export const transcriptSpec = defineOperationSpec({
  name: "transcript",
  summary:
    "Speech of a reel (or video post) by speech-to-text: full text, timestamped segments and the detected language.",
  params: transcriptParams,
  price: fixed(2),
  cache: { mode: "optIn" },
  queue: "audio",
});
