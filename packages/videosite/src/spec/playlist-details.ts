import { cacheParam, defineOperationSpec, fixed } from "@sda/core";
import { z } from "zod";
import { playlistUrlParam } from "../inputs/playlist-url.ts";

/** Query parameters of `GET /v1/videosite/playlist-details`. */
export const playlistDetailsParams = z.object({ url: playlistUrlParam, cache: cacheParam });

/** `GET /v1/videosite/playlist-details`: 1 credit (SPEC §4.2 rule 3). */
export const playlistDetailsSpec = defineOperationSpec({
  name: "playlist-details",
  summary:
    "Details of a playlist: title, description, owner channel, video count, views, last update, thumbnail.",
  params: playlistDetailsParams,
  price: fixed(1),
  cache: { mode: "optIn" },
});
