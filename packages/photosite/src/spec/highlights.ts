import { cacheParam, defineOperationSpec, fixed, listPage } from "@sda/contract";
import { z } from "zod";
import { profileOrUserIdShape, requireProfileOrUserId } from "../inputs/params.ts";
import { highlightAlbum } from "./shapes.ts";

/** Query parameters of `GET /v1/photosite/highlights`: `url` (profile) or `userId`. */
export const highlightsParams = z
  .object({ ...profileOrUserIdShape, cache: cacheParam })
  .superRefine(requireProfileOrUserId);

/** SPEC §2.11: a profile's story highlight albums (answered whole: `nextCursor` null). */
export const highlightsOutput = listPage("highlights", highlightAlbum, {
  userId: z.string(),
  username: z.string().nullable(),
});

/** `GET /v1/photosite/highlights`: 1 credit (0 when the profile has no album). */
export const highlightsSpec = defineOperationSpec({
  name: "highlights",
  summary: "Story highlight albums of a public profile: id, title, cover, owner.",
  params: highlightsParams,
  output: highlightsOutput,
  price: fixed(1),
  cache: { mode: "optIn" },
});
