import { cacheParam, cursorParam, defineOperationSpec, fixed, limitParam, pageFields } from "@sda/contract";
import { z } from "zod";
import { audioUrlParam } from "../inputs/params.ts";
import { playlistFields, track, trackStub } from "./shapes.ts";

/** Query parameters of `GET /v1/audiosite/playlist`. */
export const playlistParams = z.object({
  url: audioUrlParam("playlist"),
  limit: limitParam(50, 200),
  cursor: cursorParam,
  cache: cacheParam,
});

/** `audiosite.playlist`: a playlist or album and a page of its tracks, in playlist order. */
export const playlistOutput = z.object({
  ...playlistFields,
  ...pageFields,
  tracks: z
    .array(z.union([track, trackStub]))
    .describe("Complete tracks in playlist order; `{id, urn}` where a batch could not be read (`degraded`)."),
  degraded: z.boolean().describe("True when some tracks could not be completed."),
});

/** `GET /v1/audiosite/playlist`: 2 credits per call, 0 when the page holds no track. */
export const playlistSpec = defineOperationSpec({
  name: "playlist",
  summary:
    "A playlist or album with a page of its tracks in playlist order (`limit` 50, `cursor`); stubs completed in batches of 15.",
  params: playlistParams,
  output: playlistOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
