import { boolParam, cacheParam, count, countWithLabel, defineOperationSpec, fixed, url } from "@sda/contract";
import { z } from "zod";
import { chatParam } from "../inputs/params.ts";

/** Query parameters of `GET /v1/chatsite/channel`. */
export const channelParams = z.object({ url: chatParam, exactCount: boolParam(false), cache: cacheParam });

/** `chatsite.channel`: a public channel or group, from its web preview header or its landing card. */
export const channelOutput = z.object({
  platform: z.literal("chatsite"),
  type: z.enum(["channel", "group"]),
  id: z
    .string()
    .nullable()
    .describe("The chat id of a post's `data-view` token, sign dropped; null when no post carries one."),
  username: z.string().describe("Without `@`."),
  url: url.describe("`https://t.me/<username>`."),
  previewUrl: url.nullable().describe("`https://t.me/s/<username>` when the web preview is on."),
  previewAvailable: z.boolean(),
  displayName: z.string().nullable(),
  bio: z
    .string()
    .nullable()
    .describe("The description as plain text (line breaks kept, links as their text)."),
  bioHtml: z.string().nullable().describe("The description's HTML as sent."),
  avatar: url.nullable(),
  verified: z.boolean(),
  ...countWithLabel("followers"),
  online: count.nullable().describe("Members online (groups)."),
  ...countWithLabel("photoCount"),
  ...countWithLabel("videoCount"),
  ...countWithLabel("linkCount"),
  ...countWithLabel("fileCount"),
  banner: url.nullable().describe("Telegram chats have no banner: always null (always keyed)."),
  postCount: count.nullable().describe("Not shown by Telegram's pages: null."),
  createdAt: z.string().nullable().describe("Not shown by Telegram's pages: null (always keyed)."),
});

/** `GET /v1/chatsite/channel`: 1 credit (also with `exactCount`). */
export const channelSpec = defineOperationSpec({
  name: "channel",
  summary:
    "A Telegram public channel or group (`url`: t.me link or @username): type, chat id, name, description, avatar, verified, subscribers or members (exact with `exactCount`), photo, video, link and file counts.",
  params: channelParams,
  output: channelOutput,
  price: fixed(1),
  cache: { mode: "optIn" },
});
