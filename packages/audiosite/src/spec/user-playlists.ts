import { cacheParam, cursorParam, defineOperationSpec, fixed, limitParam, listPage } from "@sda/contract";
import { z } from "zod";
import { audioUrlParam } from "../inputs/params.ts";
import { playlist, userListFields } from "./shapes.ts";

/** Query parameters of `GET /v1/audiosite/user-playlists`. */
export const userPlaylistsParams = z.object({
  url: audioUrlParam("user"),
  limit: limitParam(20, 200),
  cursor: cursorParam,
  cache: cacheParam,
});

/** `audiosite.user-playlists`: The playlists of a user (albums apart). */
export const userPlaylistsOutput = listPage("playlists", playlist, { ...userListFields });

/** `GET /v1/audiosite/user-playlists`: 2 credits per call, 0 for an empty page; one upstream page per call. */
export const userPlaylistsSpec = defineOperationSpec({
  name: "user-playlists",
  summary: "The playlists of a user (albums apart). One upstream page per call (`limit`, `cursor`).",
  params: userPlaylistsParams,
  output: userPlaylistsOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
