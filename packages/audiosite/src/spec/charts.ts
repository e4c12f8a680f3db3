import {
  cacheParam,
  cursorParam,
  defineOperationSpec,
  fixed,
  limitParam,
  listPage,
  timestamp,
} from "@sda/contract";
import { z } from "zod";
import { chartGenreParam, chartKindParam, chartRegionParam } from "../inputs/params.ts";
import { track } from "./shapes.ts";

/** Query parameters of `GET /v1/audiosite/charts`. */
export const chartsParams = z.object({
  kind: chartKindParam,
  genre: chartGenreParam,
  region: chartRegionParam,
  limit: limitParam(20, 200),
  cursor: cursorParam,
  cache: cacheParam,
});

/** A chart entry. */
export const chartEntry = z
  .object({
    position: z.int().min(1).describe("1-based, across pages."),
    score: z.number().nullable(),
    track,
  })
  .meta({ id: "AudiositeChartEntry", description: "A track's place in a chart." });

/** `audiosite.charts`: a page of a chart. */
export const chartsOutput = listPage("entries", chartEntry, {
  kind: z.string(),
  genre: z.string(),
  region: z.string().nullable().describe("ISO 3166-1 alpha-2; null: worldwide."),
  lastUpdated: timestamp.nullable(),
});

/** `GET /v1/audiosite/charts`: 2 credits per call, 0 for an empty page. */
export const chartsSpec = defineOperationSpec({
  name: "charts",
  summary:
    "A SoundCloud chart (`kind` trending, `genre` all-music, `region`): its tracks by position, with scores.",
  params: chartsParams,
  output: chartsOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
