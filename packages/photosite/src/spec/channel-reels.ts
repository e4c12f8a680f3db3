import { cacheParam, cursorParam, defineOperationSpec, limitParam, listPage, perResult } from "@sda/contract";
import { z } from "zod";
import { profileOrUserIdShape, requireProfileOrUserId } from "../inputs/params.ts";
import { reelRow } from "./shapes.ts";

/** Query parameters of `GET /v1/photosite/channel-reels`: `url` (profile) or `userId`, `limit`, `cursor`. */
export const channelReelsParams = z
  .object({ ...profileOrUserIdShape, limit: limitParam(12, 100), cursor: cursorParam, cache: cacheParam })
  .superRefine(requireProfileOrUserId);

/** A page of a profile's latest reels. */
export const channelReelsOutput = listPage("reels", reelRow, {
  userId: z.string(),
  username: z.string().nullable(),
});

/** `GET /v1/photosite/channel-reels`: `ceil(n × 0.3)` credits for n reels returned. */
export const channelReelsSpec = defineOperationSpec({
  name: "channel-reels",
  summary:
    "Latest reels of a profile with plays, likes and comments; accepts userId to skip resolving the handle.",
  params: channelReelsParams,
  output: channelReelsOutput,
  price: perResult(0.3, 12),
  cache: { mode: "optIn" },
});
