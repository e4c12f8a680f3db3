import { parseParams } from "@sda/contract";
import { ServiceError } from "@sda/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseVideoId, videoUrlParam } from "./video-url.ts";

const ID = "M4gD1WSo5mA";

describe("parseVideoId", () => {
  it.each([
    ID,
    `https://www.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com/watch?feature=share&v=${ID}&t=42s`,
    `https://www.youtube.com/watch?list=PLWwAypAcFRgKAIIFqBr9oy-ZYZnixa_Fj&index=2&v=${ID}`,
    `http://youtube.com/watch?v=${ID}`,
    `www.youtube.com/watch?v=${ID}`,
    `youtube.com/watch?v=${ID}`,
    `https://m.youtube.com/watch?v=${ID}`,
    `https://music.youtube.com/watch?v=${ID}&si=abc`,
    `https://youtu.be/${ID}`,
    `youtu.be/${ID}?si=xyz&t=10`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://youtube.com/shorts/${ID}?feature=share`,
    `https://www.youtube.com/embed/${ID}?start=5`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://www.youtube.com/live/${ID}?si=1`,
    `https://www.youtube.com/v/${ID}?version=3`,
    `  https://www.youtube.com/watch?v=${ID}  `,
    `HTTPS://WWW.YOUTUBE.COM/watch?v=${ID}`,
  ])("finds the id in %s", (input) => {
    expect(parseVideoId(input)).toEqual({ kind: "video", videoId: ID });
  });

  it.each([
    "https://www.reddit.com/r/videos/",
    "https://www.instagram.com/p/C10MvewSSYl/",
    "https://vimeo.com/123456",
    "https://www.youtube.com/@MrBeast",
    "https://www.youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA",
    "https://www.youtube.com/playlist?list=PLWwAypAcFRgKAIIFqBr9oy-ZYZnixa_Fj",
    "https://www.youtube.com/watch?list=PLWwAypAcFRgKAIIFqBr9oy-ZYZnixa_Fj",
    "https://www.youtube.com/embed/videoseries?list=PLWwAypAcFRgKAIIFqBr9oy-ZYZnixa_Fj",
    "https://www.youtube.com/results?search_query=test",
    "youtube.com",
  ])("classifies %s as an unsupported URL", (input) => {
    expect(parseVideoId(input).kind).toBe("unsupported");
  });

  it.each([
    "",
    "hello world",
    "not-an-id",
    "ftp://youtube.com/watch?v=M4gD1WSo5mA",
    "https://www.youtube.com/watch?v=short",
    "https://youtu.be/",
    "https://www.youtube.com/shorts/has space12",
  ])("classifies %j as invalid", (input) => {
    expect(parseVideoId(input).kind).toBe("invalid");
  });
});

describe("videoUrlParam", () => {
  const schema = z.object({ url: videoUrlParam });
  const fail = (raw: Record<string, unknown>) => {
    try {
      parseParams(schema, raw);
    } catch (error) {
      return error as ServiceError;
    }
    throw new Error("expected a ServiceError");
  };

  it("outputs the id and the canonical watch URL", () => {
    expect(parseParams(schema, { url: `https://youtu.be/${ID}?t=3` })).toEqual({
      url: { videoId: ID, url: `https://www.youtube.com/watch?v=${ID}` },
    });
  });

  it("answers 400 missing_parameter, 400 invalid_parameter and 422 unsupported_url", () => {
    expect(fail({}).code).toBe("missing_parameter");
    const invalid = fail({ url: "hello world" });
    expect([invalid.code, invalid.status, invalid.details.param]).toEqual(["invalid_parameter", 400, "url"]);
    const unsupported = fail({ url: "https://www.reddit.com/r/videos/" });
    expect(unsupported).toBeInstanceOf(ServiceError);
    expect([unsupported.code, unsupported.status]).toEqual(["unsupported_url", 422]);
    expect(fail({ url: "https://www.youtube.com/@MrBeast" }).code).toBe("unsupported_url");
  });
});
