import { cacheParam, defineOperationSpec, fixed, listPage } from "@sda/contract";
import { z } from "zod";
import { beforeCursorParam, chatParam, limitParam } from "../inputs/params.ts";
import { channelSummary, chatPost } from "./shapes.ts";

/** Query parameters of `GET /v1/chatsite/channel-posts`. */
export const channelPostsParams = z.object({
  url: chatParam,
  limit: limitParam,
  cursor: beforeCursorParam,
  cache: cacheParam,
});

/** `chatsite.channel-posts`: a page of a channel's posts, newest first. */
export const channelPostsOutput = listPage("posts", chatPost, { channel: channelSummary });

/** `GET /v1/chatsite/channel-posts`: 2 credits per page, 0 for a page without posts. */
export const channelPostsSpec = defineOperationSpec({
  name: "channel-posts",
  summary:
    "A Telegram public channel's posts, newest first (`url`), from its web preview: text, media, views, reactions, link previews, forwards, with `limit` (1–20) and `cursor`.",
  params: channelPostsParams,
  output: channelPostsOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
