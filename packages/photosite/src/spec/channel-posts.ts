import { cacheParam, cursorParam, defineOperationSpec, limitParam, perResult } from "@sda/core";
import { z } from "zod";
import { profileParam } from "../inputs/params.ts";

/** Query parameters of `GET /v1/photosite/channel-posts`. */
export const channelPostsParams = z.object({
  url: profileParam,
  limit: limitParam(12, 100),
  cursor: cursorParam,
  cache: cacheParam,
});

/** `GET /v1/photosite/channel-posts`: 0.3 credits per post returned, rounded up per call. */
export const channelPostsSpec = defineOperationSpec({
  name: "channel-posts",
  summary: "Latest posts of a public profile (carousel slides, media count, author), with cursor pagination.",
  params: channelPostsParams,
  price: perResult(0.3, 12),
  cache: { mode: "optIn" },
});
