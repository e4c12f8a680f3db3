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
import { audioUrlParam } from "../inputs/params.ts";
import { playlist, track, userListFields } from "./shapes.ts";

/** Query parameters of `GET /v1/audiosite/user-likes`. */
export const userLikesParams = z.object({
  url: audioUrlParam("user"),
  limit: limitParam(20, 200),
  cursor: cursorParam,
  cache: cacheParam,
});

/** A like: when, what kind, and the liked track or playlist (the other null). */
export const like = z
  .object({
    likedAt: timestamp.nullable(),
    type: z.enum(["track", "playlist"]),
    track: track.nullable(),
    playlist: playlist.nullable(),
  })
  .meta({ id: "AudiositeLike", description: "A track or playlist a user liked." });

/** `audiosite.user-likes`: the tracks and playlists a user liked, newest like first. */
export const userLikesOutput = listPage("likes", like, { ...userListFields });

/** `GET /v1/audiosite/user-likes`: 2 credits per call, 0 for an empty page; one upstream page per call. */
export const userLikesSpec = defineOperationSpec({
  name: "user-likes",
  summary:
    "The tracks and playlists a user liked, newest like first. One upstream page per call (`limit`, `cursor`).",
  params: userLikesParams,
  output: userLikesOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
