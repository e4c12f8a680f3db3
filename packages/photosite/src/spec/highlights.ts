import { cacheParam, defineOperationSpec, fixed } from "@sda/core";
import { z } from "zod";
import { profileOrUserIdShape, requireProfileOrUserId } from "../inputs/params.ts";

/** Query parameters of `GET /v1/photosite/highlights`: `url` (profile) or `userId`. */
export const highlightsParams = z
  .object({ ...profileOrUserIdShape, cache: cacheParam })
  .superRefine(requireProfileOrUserId);

/** `GET /v1/photosite/highlights`: 1 credit (0 when the profile has no album). */
export const highlightsSpec = defineOperationSpec({
  name: "highlights",
  summary: "Story highlight albums of a public profile: id, title, cover, owner.",
  params: highlightsParams,
  price: fixed(1),
  cache: { mode: "optIn" },
});
