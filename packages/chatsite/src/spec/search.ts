import { cacheParam, defineOperationSpec, fixed, listPage } from "@sda/contract";
import { z } from "zod";
import { beforeCursorParam, chatParam, limitParam, queryParam } from "../inputs/params.ts";
import { channelSummary, chatPost } from "./shapes.ts";

/** Query parameters of `GET /v1/chatsite/search`. */
export const searchParams = z.object({
  url: chatParam,
  q: queryParam,
  limit: limitParam,
  cursor: beforeCursorParam,
  cache: cacheParam,
});

/** `chatsite.search`: a page of one channel's posts matching a term, newest first. */
export const searchOutput = listPage("posts", chatPost, {
  channel: channelSummary,
  query: z.string().describe("The term searched."),
});

/** `GET /v1/chatsite/search`: 2 credits per page, 0 when nothing matches. */
export const searchSpec = defineOperationSpec({
  name: "search",
  summary:
    "Search one Telegram public channel's posts (`url`, `q`), newest first, as Telegram's web preview finds them, with `limit` (1–20) and `cursor`.",
  params: searchParams,
  output: searchOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
