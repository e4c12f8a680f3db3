import {
  boolParam,
  cacheParam,
  cursorParam,
  defineOperationSpec,
  fixed,
  limitParam,
  listPage,
} from "@sda/contract";
import { z } from "zod";
import { accountParam } from "../inputs/links.ts";
import { fediPost } from "./shapes.ts";

/** Query parameters of `GET /v1/fedisite/posts`. Mastodon serves at most 40 statuses per request. */
export const postsParams = z.object({
  url: accountParam,
  limit: limitParam(20, 200),
  cursor: cursorParam,
  excludeReplies: boolParam(false),
  excludeReposts: boolParam(false),
  onlyMedia: boolParam(false),
  cache: cacheParam,
});

/** `fedisite.posts`: a page of an account's posts, newest first. */
export const postsOutput = listPage("posts", fediPost, {
  accountId: z.string().describe("The account's id on the instance asked."),
  account: z
    .string()
    .nullable()
    .describe("The account's full handle; null for an id link (`/web/accounts/<id>`)."),
});

/** `GET /v1/fedisite/posts`: 2 credits per page, 0 for an empty one. */
export const postsSpec = defineOperationSpec({
  name: "posts",
  summary:
    "An account's posts, newest first (`url`: profile link or handle), without replies, reposts or posts without media on request, with `limit` and `cursor`.",
  params: postsParams,
  output: postsOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
