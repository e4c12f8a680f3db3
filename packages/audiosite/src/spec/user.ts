import { cacheParam, defineOperationSpec, fixed } from "@sda/contract";
import { z } from "zod";
import { audioUrlParam } from "../inputs/params.ts";
import { userProfile } from "./shapes.ts";

/** Query parameters of `GET /v1/audiosite/user`. */
export const userParams = z.object({ url: audioUrlParam("user"), cache: cacheParam });

/** `audiosite.user`: a user profile. */
export const userOutput = userProfile;

/** `GET /v1/audiosite/user`: 1 credit. */
export const userSpec = defineOperationSpec({
  name: "user",
  summary: "A SoundCloud user profile: names, bio, avatar, banner, place, counts, badges and plan.",
  params: userParams,
  output: userOutput,
  price: fixed(1),
  cache: { mode: "optIn" },
});
