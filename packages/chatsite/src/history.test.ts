import { parseParams } from "@sda/contract";
import { describe, expect } from "vitest";
import { chatTest, run } from "../test/fixtures.ts";
import { chatsiteHistory } from "./history.ts";
import { channelHandler } from "./operations/channel.ts";
import { postHandler } from "./operations/post.ts";
import { channelParams, channelSpec } from "./spec/channel.ts";
import { postParams, postSpec } from "./spec/post.ts";

// History of chatsite on answers of the recorded pages: a channel under its lower-cased username (its chat id as
// alias), a post under `<username>/<id>`; only t.me links are located (a bare name could be another platform's).

const channel = chatsiteHistory["chatsite.channel"];
const post = chatsiteHistory["chatsite.post"];

describe("chatsite history", () => {
  chatTest("records a channel's followers and a post's views and reactions", async ({ ctx }) => {
    const durov = await run(channelSpec, channelHandler, ctx, { url: "https://t.me/durov" });
    expect(channel?.resource(durov.data)).toEqual({
      id: "durov",
      url: "https://t.me/durov",
      aliases: ["chat:1006503122"],
    });
    expect(channel?.metrics(durov.data)).toEqual({ followers: 11_100_000 });
    const video = await run(postSpec, postHandler, ctx, { url: "https://t.me/durov/523" });
    expect(post?.resource(video.data)).toEqual({ id: "durov/523", url: "https://t.me/durov/523" });
    expect(post?.metrics(video.data)).toEqual({ views: 12_500_000, reactionCount: 95_275 });
    const group = await run(postSpec, postHandler, ctx, { url: "hanoi_chats/29327" });
    expect(post?.metrics(group.data)).toEqual({ views: null, reactionCount: 0 });
  });

  chatTest("locates t.me links only", () => {
    expect(channel?.locate?.(parseParams(channelParams, { url: "https://t.me/s/Durov" }))).toEqual({
      id: "durov",
      url: "https://t.me/durov",
    });
    expect(channel?.locate?.(parseParams(channelParams, { url: "@durov" }))).toBeNull();
    expect(post?.locate?.(parseParams(postParams, { url: "t.me/durov/523" }))).toEqual({
      id: "durov/523",
      url: "https://t.me/durov/523",
    });
    expect(post?.locate?.(parseParams(postParams, { url: "durov/523" }))).toBeNull();
  });
});
