import {
  cacheParam,
  count,
  cursorParam,
  defineOperationSpec,
  fixed,
  limitParam,
  listPage,
} from "@sda/contract";
import { z } from "zod";
import { searchQueryParam, searchTypeParam } from "../inputs/params.ts";
import { playlist, track, userProfile } from "./shapes.ts";

/** Query parameters of `GET /v1/audiosite/search`. */
export const searchParams = z.object({
  q: searchQueryParam,
  type: searchTypeParam,
  limit: limitParam(20, 200),
  cursor: cursorParam,
  cache: cacheParam,
});

/** A search result: a track, user or playlist with its `type`. */
export const searchResult = z
  .union([
    z.object({ type: z.literal("track"), ...track.shape }),
    z.object({ type: z.literal("user"), ...userProfile.shape }),
    z.object({ type: z.literal("playlist"), ...playlist.shape }),
  ])
  .meta({
    id: "AudiositeSearchResult",
    description: "A search result: a track, user or playlist, with its type.",
  });

/** `audiosite.search`: a page of search results, in api-v2's order, and the same rows by kind. */
export const searchOutput = listPage("results", searchResult, {
  query: z.string(),
  type: z.string().describe("`all`, `tracks`, `users` or `playlists`."),
  totalResults: count.nullable().describe("api-v2's `total_results`."),
  tracks: z.array(track),
  users: z.array(userProfile),
  playlists: z.array(playlist),
});

/** `GET /v1/audiosite/search`: 2 credits per call, 0 when nothing is found. */
export const searchSpec = defineOperationSpec({
  name: "search",
  summary:
    "Search SoundCloud (`q`, at least 2 characters) for tracks, users and playlists (`type`); one upstream page per call.",
  params: searchParams,
  output: searchOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
