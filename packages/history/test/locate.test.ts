import { history } from "@sda/catalog";
import {
  createCatalog,
  createHistoryCatalog,
  defineHistory,
  defineOperationSpec,
  definePlatform,
  fixed,
  withHandler,
} from "@sda/contract";
import { ServiceError } from "@sda/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { locateUrl } from "../src/locate.ts";

/** The handler loader of an operation these tests only locate, never run. */
const unrun = async () => {
  throw new Error("not run in this test");
};

// URL → resource with the recording operations' own URL parsing (the real catalog): no I/O.

function errorOf(url: string): { code: string; details: Record<string, unknown> } {
  try {
    locateUrl(history, url);
  } catch (error) {
    if (error instanceof ServiceError) return { code: error.code, details: error.details };
    throw error;
  }
  throw new Error(`${url} was located`);
}

describe("locateUrl", () => {
  it.each([
    [
      "https://m.youtube.com/watch?feature=share&v=M4gD1WSo5mA",
      { platform: "videosite", kind: "video", id: "M4gD1WSo5mA" },
    ],
    ["https://youtu.be/M4gD1WSo5mA?t=4", { platform: "videosite", kind: "video", id: "M4gD1WSo5mA" }],
    [
      "https://www.youtube.com/channel/UCTwECeGqMZee77BjdoYtI2Q/videos",
      { kind: "channel", id: "UCTwECeGqMZee77BjdoYtI2Q" },
    ],
    ["https://www.youtube.com/@Kurzgesagt", { kind: "channel", alias: "@kurzgesagt" }],
    ["https://www.youtube.com/c/SomeName", { kind: "channel", alias: "/c/somename" }],
    [
      "https://www.youtube.com/playlist?list=PLWwAypAcFRgKAIIFqBr9oy-ZYZnixa_Fj",
      { kind: "playlist", id: "PLWwAypAcFRgKAIIFqBr9oy-ZYZnixa_Fj" },
    ],
    ["https://www.reddit.com/r/GoLang/", { platform: "forumsite", kind: "subreddit", id: "golang" }],
    [
      "https://old.reddit.com/r/golang/top/?t=week",
      { platform: "forumsite", kind: "subreddit", id: "golang" },
    ],
    [
      "https://www.youtube.com/watch?v=M4gD1WSo5mA&list=PLWwAypAcFRgKAIIFqBr9oy-ZYZnixa_Fj",
      { kind: "video", id: "M4gD1WSo5mA" },
    ],
    ["r/golang", { platform: "forumsite", kind: "subreddit", id: "golang" }],
    [
      "https://www.reddit.com/r/golang/comments/haucpf/some_title/",
      { platform: "forumsite", kind: "post", id: "haucpf", operationId: "forumsite.post-details" },
    ],
    ["https://www.reddit.com/r/golang/s/AbCdEf123", { kind: "post", alias: "share:/r/golang/s/AbCdEf123" }],
    [
      "https://www.instagram.com/NASA/",
      { platform: "photosite", kind: "profile", id: "nasa", operationId: "photosite.channel-details" },
    ],
    [
      "https://www.instagram.com/reel/C10MvewSSYl/",
      { platform: "photosite", kind: "post", id: "C10MvewSSYl" },
    ],
  ])("%s", (url, expected) => {
    expect(locateUrl(history, url)).toMatchObject(expected);
  });

  it("refuses malformed, foreign and ambiguous input with the right code", () => {
    expect(errorOf("https://www.youtube.com/watch?v=tooshort")).toMatchObject({ code: "invalid_parameter" });
    expect(errorOf("https://www.tiktok.com/@someone/video/1")).toMatchObject({ code: "unsupported_url" });
    expect(errorOf("https://www.reddit.com/user/someone/")).toMatchObject({ code: "unsupported_url" });
    const ambiguous = errorOf("dQw4w9WgXcQ");
    expect(ambiguous.code).toBe("ambiguous_url");
    expect(ambiguous.details.candidates).toEqual(
      expect.arrayContaining([{ platform: "videosite", kind: "video" }]),
    );
  });

  it("a declaration whose locate answers null claims no such url (a bare name several platforms take)", () => {
    const spec = definePlatform({
      name: "namesite",
      hosts: [],
      operations: [
        withHandler(
          defineOperationSpec({
            name: "profile",
            summary: "A profile.",
            params: z.object({ url: z.string() }),
            output: z.object({}),
            price: fixed(1),
            cache: { mode: "none" },
          }),
          unrun,
        ),
      ],
    });
    const declining = createHistoryCatalog(createCatalog([spec]), {
      "namesite.profile": defineHistory({
        platform: "namesite",
        kind: "profile",
        metricNames: ["followers"],
        resource: () => null,
        metrics: () => ({ followers: null }),
        locate: (params: { url: string }) =>
          params.url.includes("/") ? { id: params.url, url: params.url } : null,
      }),
    });
    expect(locateUrl(declining, "https://name.example/a")).toMatchObject({
      platform: "namesite",
      id: "https://name.example/a",
    });
    expect(() => locateUrl(declining, "bare")).toThrow(/not the URL of a resource with history/);
  });

  it("a 400 marked details.foreign is 'not mine', as unsupported_url is: another platform's malformed URL wins", () => {
    const refusing = (name: string, foreign: boolean) =>
      definePlatform({
        name,
        hosts: [`${name}.example`],
        operations: [
          withHandler(
            defineOperationSpec({
              name: "profile",
              summary: "A profile.",
              params: z.object({
                url: z.string().transform((url, ctx) => {
                  if (url.startsWith(`https://${name}.example/`)) return url;
                  ctx.addIssue({ code: "custom", message: `not a ${name} link`, params: { foreign } });
                  return z.NEVER;
                }),
              }),
              output: z.object({}),
              price: fixed(1),
              cache: { mode: "none" },
            }),
            unrun,
          ),
        ],
      });
    const catalogOf = (...specs: ReturnType<typeof refusing>[]) =>
      createHistoryCatalog(
        createCatalog(specs),
        Object.fromEntries(
          specs.map((spec) => [
            `${spec.name}.profile`,
            defineHistory({
              platform: spec.name,
              kind: "profile",
              metricNames: [],
              resource: () => null,
              metrics: () => ({}),
              locate: (params: { url: string }) => ({ id: params.url, url: params.url }),
            }),
          ]),
        ),
      );
    const refusal = (catalog: ReturnType<typeof catalogOf>, url: string) => {
      try {
        locateUrl(catalog, url);
      } catch (error) {
        return error as ServiceError;
      }
      throw new Error("expected a refusal");
    };
    // Both say "not mine": the URL is no platform's.
    expect(
      refusal(catalogOf(refusing("asite", true), refusing("bsite", true)), "https://c.example/x"),
    ).toMatchObject({
      code: "unsupported_url",
    });
    // One says "mine, but malformed" (no foreign mark): its own error says more.
    expect(
      refusal(catalogOf(refusing("asite", true), refusing("bsite", false)), "https://c.example/x"),
    ).toMatchObject({
      code: "invalid_parameter",
      message: "not a bsite link",
    });
  });

  it("a declaration naming an operation the registry lacks fails at start-up", () => {
    const gone = defineHistory({
      platform: "videosite",
      kind: "video",
      metricNames: [],
      resource: () => null,
      metrics: () => ({}),
    });
    expect(() => createHistoryCatalog(createCatalog([]), { "videosite.gone": gone })).toThrow(
      /unknown operation videosite.gone/,
    );
  });

  it("knows every kind's metrics as the union of its operations' (profile: channel details and basic profile)", () => {
    expect(history.metricNames("photosite", "profile")).toEqual([
      "followers",
      "following",
      "highlightCount",
      "postCount",
    ]);
    expect(history.metricNames("videosite", "video")).toEqual(["commentCount", "likeCount", "viewCount"]);
    expect(history.metricNames("videosite", "nothing")).toEqual([]);
  });
});
