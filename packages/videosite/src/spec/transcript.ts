import { cacheParam, defineOperationSpec, fixed } from "@sda/core";
import { z } from "zod";
import { languageParam } from "../inputs/language.ts";
import { videoUrlParam } from "../inputs/video-url.ts";

/** Query parameters of `GET /v1/videosite/transcript`. */
export const transcriptParams = z.object({
  url: videoUrlParam,
  language: languageParam,
  cache: cacheParam,
});

/** `GET /v1/videosite/transcript` (SPEC §2.3, §4.2, §7.3): 1 credit on success, 0 on 404. */
export const transcriptSpec = defineOperationSpec({
  name: "transcript",
  summary:
    "Transcript of a video from its caption tracks: full text plus timed segments; `language` requires that language (a machine translation when the platform offers one).",
  params: transcriptParams,
  price: fixed(1),
  cache: { mode: "optIn" },
});
