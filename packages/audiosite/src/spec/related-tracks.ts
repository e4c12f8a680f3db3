import { cacheParam, cursorParam, defineOperationSpec, fixed, limitParam, listPage } from "@sda/contract";
import { z } from "zod";
import { audioUrlParam } from "../inputs/params.ts";
import { track, trackListFields } from "./shapes.ts";

/** Query parameters of `GET /v1/audiosite/related-tracks`. */
export const relatedTracksParams = z.object({
  url: audioUrlParam("track"),
  limit: limitParam(20, 200),
  cursor: cursorParam,
  cache: cacheParam,
});

/** `audiosite.related-tracks`: Tracks similar to a track. */
export const relatedTracksOutput = listPage("tracks", track, { ...trackListFields });

/** `GET /v1/audiosite/related-tracks`: 2 credits per call, 0 for an empty page; one upstream page per call. */
export const relatedTracksSpec = defineOperationSpec({
  name: "related-tracks",
  summary: "Tracks similar to a track. One upstream page per call (`limit`, `cursor`).",
  params: relatedTracksParams,
  output: relatedTracksOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
