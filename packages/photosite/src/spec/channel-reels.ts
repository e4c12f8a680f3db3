import { cacheParam, cursorParam, defineOperationSpec, limitParam, perResult } from "@sda/core";
import { z } from "zod";
import { profileOrUserIdShape, requireProfileOrUserId } from "../inputs/params.ts";

/** Query parameters of `GET /v1/photosite/channel-reels`: `url` (profile) or `userId`, `limit`, `cursor`. */
export const channelReelsParams = z
  .object({ ...profileOrUserIdShape, limit: limitParam(12, 100), cursor: cursorParam, cache: cacheParam })
  .superRefine(requireProfileOrUserId);

/** `GET /v1/photosite/channel-reels`: `ceil(n × 0.3)` credits for n reels returned. */
export const channelReelsSpec = defineOperationSpec({
  name: "channel-reels",
  summary:
    "Latest reels of a profile with plays, likes and comments; accepts userId to skip resolving the handle.",
  params: channelReelsParams,
  price: perResult(0.3, 12),
  cache: { mode: "optIn" },
});
