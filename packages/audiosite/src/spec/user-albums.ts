import { cacheParam, cursorParam, defineOperationSpec, fixed, limitParam, listPage } from "@sda/contract";
import { z } from "zod";
import { audioUrlParam } from "../inputs/params.ts";
import { playlist, userListFields } from "./shapes.ts";

/** Query parameters of `GET /v1/audiosite/user-albums`. */
export const userAlbumsParams = z.object({
  url: audioUrlParam("user"),
  limit: limitParam(20, 200),
  cursor: cursorParam,
  cache: cacheParam,
});

/** `audiosite.user-albums`: The albums (EPs, singles, compilations) of a user. */
export const userAlbumsOutput = listPage("playlists", playlist, { ...userListFields });

/** `GET /v1/audiosite/user-albums`: 2 credits per call, 0 for an empty page; one upstream page per call. */
export const userAlbumsSpec = defineOperationSpec({
  name: "user-albums",
  summary:
    "The albums (EPs, singles, compilations) of a user. One upstream page per call (`limit`, `cursor`).",
  params: userAlbumsParams,
  output: userAlbumsOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
