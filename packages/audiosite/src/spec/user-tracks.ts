import { cacheParam, cursorParam, defineOperationSpec, fixed, limitParam, listPage } from "@sda/contract";
import { z } from "zod";
import { audioUrlParam } from "../inputs/params.ts";
import { track, userListFields } from "./shapes.ts";

/** Query parameters of `GET /v1/audiosite/user-tracks`. */
export const userTracksParams = z.object({
  url: audioUrlParam("user"),
  limit: limitParam(20, 200),
  cursor: cursorParam,
  cache: cacheParam,
});

/** `audiosite.user-tracks`: The tracks of a user, newest first. */
export const userTracksOutput = listPage("tracks", track, { ...userListFields });

/** `GET /v1/audiosite/user-tracks`: 2 credits per call, 0 for an empty page; one upstream page per call. */
export const userTracksSpec = defineOperationSpec({
  name: "user-tracks",
  summary: "The tracks of a user, newest first. One upstream page per call (`limit`, `cursor`).",
  params: userTracksParams,
  output: userTracksOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
