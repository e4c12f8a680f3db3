import { parseParams } from "@sda/contract";
import { ServiceError } from "@sda/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { channelUrlParam, parseChannelUrl } from "./channel-url.ts";

const parse = (input: string) => parseChannelUrl(input);

describe("parseChannelUrl", () => {
  it("accepts ids, handles with or without @, and every channel URL form", () => {
    expect(parse("UCsXVk37bltHxD1rDPwtNM8Q")).toEqual({
      kind: "channel",
      value: { ref: { kind: "id", channelId: "UCsXVk37bltHxD1rDPwtNM8Q" }, tab: null },
    });
    expect(parse("@kurzgesagt")).toMatchObject({ value: { ref: { kind: "handle", handle: "@kurzgesagt" } } });
    expect(parse("kurzgesagt")).toMatchObject({ value: { ref: { kind: "handle", handle: "@kurzgesagt" } } });
    expect(parse("https://www.youtube.com/channel/UCsXVk37bltHxD1rDPwtNM8Q/videos")).toMatchObject({
      value: { ref: { kind: "id", channelId: "UCsXVk37bltHxD1rDPwtNM8Q" }, tab: "videos" },
    });
    expect(parse("youtube.com/@kurzgesagt/shorts")).toMatchObject({
      value: { ref: { kind: "handle", handle: "@kurzgesagt" }, tab: "shorts" },
    });
    expect(parse("https://m.youtube.com/@kurzgesagt/streams?view=0")).toMatchObject({
      value: { tab: "streams" },
    });
    expect(parse("https://www.youtube.com/user/creativecommons")).toMatchObject({
      value: { ref: { kind: "legacy", path: "/user/creativecommons", user: "creativecommons" }, tab: null },
    });
    expect(parse("https://www.youtube.com/c/ProgrammingKnowledge/videos")).toMatchObject({
      value: { ref: { kind: "legacy", path: "/c/ProgrammingKnowledge", user: null }, tab: "videos" },
    });
    expect(parse("https://www.youtube.com/ProgrammingKnowledge")).toMatchObject({
      value: { ref: { kind: "legacy", path: "/ProgrammingKnowledge" } },
    });
    // Other tabs are accepted and ignored.
    expect(parse("https://www.youtube.com/@kurzgesagt/about")).toMatchObject({ value: { tab: null } });
  });

  it("refuses videos, playlists and other platforms as unsupported", () => {
    expect(parse("https://www.youtube.com/watch?v=xaQJbozY_Is")).toMatchObject({ kind: "unsupported" });
    expect(parse("https://youtu.be/xaQJbozY_Is")).toMatchObject({ kind: "unsupported" });
    expect(parse("https://www.youtube.com/playlist?list=PLWwAypAcFRgKAIIFqBr9oy-ZYZnixa_Fj")).toMatchObject({
      kind: "unsupported",
    });
    expect(parse("https://www.instagram.com/nasa/")).toMatchObject({ kind: "unsupported" });
  });

  it("refuses malformed input as invalid", () => {
    expect(parse("")).toMatchObject({ kind: "invalid" });
    expect(parse("@a")).toMatchObject({ kind: "invalid" });
    expect(parse("not a channel!")).toMatchObject({ kind: "invalid" });
    expect(parse("https://www.youtube.com/channel/")).toMatchObject({ kind: "invalid" });
  });
});

describe("channelUrlParam", () => {
  const schema = z.object({ url: channelUrlParam });
  const failure = (url: string) => {
    try {
      parseParams(schema, { url });
    } catch (error) {
      return error as ServiceError;
    }
    throw new Error("expected a failure");
  };

  it("maps refusals to 400 invalid_parameter and 422 unsupported_url", () => {
    expect(failure("@a")).toMatchObject({ code: "invalid_parameter", status: 400 });
    expect(failure("https://www.youtube.com/watch?v=xaQJbozY_Is")).toMatchObject({
      code: "unsupported_url",
      status: 422,
    });
    expect(failure("https://www.instagram.com/nasa/")).toBeInstanceOf(ServiceError);
  });
});
