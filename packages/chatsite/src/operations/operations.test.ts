import { recordingRequests, serviceErrorOf } from "@sda/testing";
import { describe, expect } from "vitest";
import { chatTest, run } from "../../test/fixtures.ts";
import { channelSpec } from "../spec/channel.ts";
import { channelPostsSpec } from "../spec/channel-posts.ts";
import { postSpec } from "../spec/post.ts";
import { searchSpec } from "../spec/search.ts";
import { channelHandler } from "./channel.ts";
import { channelPostsHandler } from "./channel-posts.ts";
import { postHandler } from "./post.ts";
import { searchHandler } from "./search.ts";

// The handlers over the HTTP replay of the recorded t.me pages: which pages each reads, and how a name without
// preview is told by its landing card.

describe("channel", () => {
  chatTest("reads /s/<name> only, and the landing card too with exactCount", async ({ ctx }) => {
    const plain = recordingRequests(ctx);
    await run(channelSpec, channelHandler, plain.ctx, { url: "https://t.me/Durov" });
    expect(plain.sent.map((r) => r.url)).toEqual(["https://t.me/s/durov"]);
    const exact = recordingRequests(ctx);
    const result = await run(channelSpec, channelHandler, exact.ctx, { url: "durov", exactCount: "true" });
    expect(exact.sent.map((r) => r.url)).toEqual(["https://t.me/s/durov", "https://t.me/durov"]);
    expect(result.data).toMatchObject({ followers: 11_110_268, followersIsApproximate: false });
  });

  chatTest(
    "keeps the compact count when the landing card cannot be read (no recording of /feedjam)",
    async ({ ctx }) => {
      const result = await run(channelSpec, channelHandler, ctx, { url: "feedjam", exactCount: "true" });
      expect(result.source).toBe("tme:preview");
      expect(result.data).toMatchObject({
        username: "feedjam",
        followers: 1,
        followersText: "1",
        photoCount: 1,
        photoCountText: "1",
        videoCount: null,
      });
    },
  );

  chatTest("reads a group's landing card where /s/ redirects to it (tdlibchat)", async ({ ctx }) => {
    const result = await run(channelSpec, channelHandler, ctx, { url: "tdlibchat" });
    expect(result).toMatchObject({ source: "tme:landing" });
    expect(result.data).toMatchObject({
      type: "group",
      followers: 16_674,
      online: 362,
      previewAvailable: false,
    });
  });

  chatTest("answers 404 channel_not_found for a card without a title", async ({ ctx }) => {
    const error = await serviceErrorOf(
      run(channelSpec, channelHandler, ctx, { url: "zzqwxnonexistentchannel12345" }),
    );
    expect(error).toMatchObject({ code: "channel_not_found", status: 404 });
  });
});

describe("lists and posts", () => {
  chatTest("refuses a group's posts and search with 422 preview_unavailable", async ({ ctx }) => {
    for (const [spec, handler, query] of [
      [channelPostsSpec, channelPostsHandler, { url: "hanoi_chats" }],
      [searchSpec, searchHandler, { url: "hanoi_chats", q: "hi" }],
    ] as const) {
      const error = await serviceErrorOf(run(spec, handler as never, ctx, query));
      expect(error).toMatchObject({ code: "preview_unavailable", status: 422 });
      expect(error.details).toMatchObject({ type: "group", platform: "chatsite" });
    }
  });

  chatTest(
    "reads a post through its widget, and 404 post_not_found for 'Post not found'",
    async ({ ctx }) => {
      const sent = recordingRequests(ctx);
      const post = await run(postSpec, postHandler, sent.ctx, { url: "https://t.me/tdlibchat/100000" });
      expect(sent.sent.map((r) => r.url)).toEqual(["https://t.me/tdlibchat/100000?embed=1"]);
      expect(post.data).toMatchObject({
        author: "Deleted Account",
        isService: true,
        chat: { type: "group" },
      });
      const error = await serviceErrorOf(run(postSpec, postHandler, ctx, { url: "hanoi_chats/500000" }));
      expect(error).toMatchObject({ code: "post_not_found", status: 404 });
    },
  );
});
