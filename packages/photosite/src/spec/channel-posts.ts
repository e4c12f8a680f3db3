import {
  cacheParam,
  cursorParam,
  defineOperationSpec,
  limitParam,
  listPage,
  perResult,
  url,
} from "@sda/contract";
import { z } from "zod";
import { profileParam } from "../inputs/params.ts";
import { postRow } from "./shapes.ts";

/** Query parameters of `GET /v1/photosite/channel-posts`. */
export const channelPostsParams = z.object({
  url: profileParam,
  limit: limitParam(12, 100),
  cursor: cursorParam,
  cache: cacheParam,
});

/** SPEC §2.11: a page of a profile's latest posts (carousel `children[]`, `mediaCount`, `user{}`). */
export const channelPostsOutput = listPage("posts", postRow, { url, username: z.string() });

/** `GET /v1/photosite/channel-posts`: 0.3 credits per post returned, rounded up per call. */
export const channelPostsSpec = defineOperationSpec({
  name: "channel-posts",
  summary: "Latest posts of a public profile (carousel slides, media count, author), with cursor pagination.",
  params: channelPostsParams,
  output: channelPostsOutput,
  price: perResult(0.3, 12),
  cache: { mode: "optIn" },
});
