import { cacheParam, cursorParam, defineOperationSpec, fixed, limitParam, listPage } from "@sda/contract";
import { z } from "zod";
import { audioUrlParam } from "../inputs/params.ts";
import { userListFields, userProfile } from "./shapes.ts";

/** Query parameters of `GET /v1/audiosite/user-followings`. */
export const userFollowingsParams = z.object({
  url: audioUrlParam("user"),
  limit: limitParam(20, 200),
  cursor: cursorParam,
  cache: cacheParam,
});

/** `audiosite.user-followings`: The users a user follows. */
export const userFollowingsOutput = listPage("users", userProfile, { ...userListFields });

/** `GET /v1/audiosite/user-followings`: 2 credits per call, 0 for an empty page; one upstream page per call. */
export const userFollowingsSpec = defineOperationSpec({
  name: "user-followings",
  summary: "The users a user follows. One upstream page per call (`limit`, `cursor`).",
  params: userFollowingsParams,
  output: userFollowingsOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
