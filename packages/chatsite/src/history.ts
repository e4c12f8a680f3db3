import { defineHistory, type HistorySources } from "@sda/contract";
import type { z } from "zod";
import type { ChannelResult } from "./operations/channel.ts";
import type { channelParams } from "./spec/channel.ts";
import type { postOutput, postParams } from "./spec/post.ts";

/**
 * History (SPEC §1) of chatsite: channels and posts append metric snapshots (`packages/history`). A chat is its
 * username in lower case (Telegram compares usernames so; the chat id is an alias when a post showed it), a post
 * `<username>/<id>`. A bare name or `@name` could name another platform's account, so only t.me links are located.
 * Compact counts move in steps (`11.1M` until it reads `11.2M`): the snapshot keeps the expanded number.
 */

/** The chatsite operations whose successes are recorded, keyed by operation id (composed in `packages/catalog`). */
export const chatsiteHistory: HistorySources = {
  "chatsite.channel": defineHistory({
    kind: "channel",
    metricNames: ["followers"],
    resource: (data: ChannelResult) => ({
      id: data.username.toLowerCase(),
      url: `https://t.me/${data.username.toLowerCase()}`,
      ...(data.id ? { aliases: [`chat:${data.id}`] } : {}),
    }),
    metrics: (data) => ({ followers: data.followers }),
    locate: ({ url }: z.output<typeof channelParams>) =>
      url.link ? { id: url.name, url: `https://t.me/${url.name}` } : null,
  }),
  "chatsite.post": defineHistory({
    kind: "post",
    metricNames: ["views", "reactionCount"],
    resource: (data: z.output<typeof postOutput>) => ({
      id: `${data.channel.toLowerCase()}/${data.id}`,
      url: `https://t.me/${data.channel.toLowerCase()}/${data.id}`,
    }),
    metrics: (data) => ({ views: data.views, reactionCount: data.reactionCount }),
    locate: ({ url }: z.output<typeof postParams>) =>
      url.link ? { id: `${url.name}/${url.id}`, url: `https://t.me/${url.name}/${url.id}` } : null,
  }),
};
