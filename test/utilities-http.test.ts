import { syntheticAudioCase } from "@sda/testing";
import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import { ledgerSum } from "./support/ledger.ts";
import type { Stack } from "./support/stack.ts";

// The Utilities group over HTTP: gateway + in-process workers on the replay. Resolve reads URLs with the operations'
// own parsers (no upstream call); estimate prices calls from their price rules, and the audio transcript from the
// recorded synthetic video's duration, through a free job on the audio queue.

const RESOLVE = "/v1/utilities/resolve";
const ESTIMATE = "/v1/utilities/estimate";
const synth = syntheticAudioCase();

const test = stackTest.extend("stackOptions", { scope: "file" }, { env: { RATE_LIMIT_PER_SECOND: "1000" } });

/** Nothing billed or held: the balance is the grant, the ledger sums to it, nothing reserved. */
async function expectUnbilled(stack: Stack, accountId: string, balance: number) {
  expect(await stack.ledger.balance(accountId)).toBe(balance);
  expect(await ledgerSum(stack.ledger, accountId)).toBe(balance);
  expect((await stack.ledger.credits(accountId))?.reserved).toBe(0);
}

describe("GET /v1/utilities/resolve", () => {
  test.for<[string, string, string, string, string]>([
    [
      "https://www.youtube.com/watch?v=M4gD1WSo5mA&t=42",
      "videosite",
      "video",
      "M4gD1WSo5mA",
      "/v1/videosite/video-details",
    ],
    ["https://youtu.be/M4gD1WSo5mA", "videosite", "video", "M4gD1WSo5mA", "/v1/videosite/transcript"],
    [
      "https://www.youtube.com/shorts/M4gD1WSo5mA",
      "videosite",
      "video",
      "M4gD1WSo5mA",
      "/v1/videosite/audio-transcript",
    ],
    [
      "https://www.youtube.com/channel/UCTwECeGqMZee77BjdoYtI2Q",
      "videosite",
      "channel",
      "UCTwECeGqMZee77BjdoYtI2Q",
      "/v1/videosite/channel-details",
    ],
    [
      "https://www.youtube.com/playlist?list=PLWwAypAcFRgKAIIFqBr9oy-ZYZnixa_Fj",
      "videosite",
      "playlist",
      "PLWwAypAcFRgKAIIFqBr9oy-ZYZnixa_Fj",
      "/v1/videosite/playlist-videos",
    ],
    [
      "https://www.reddit.com/r/GoLang/",
      "forumsite",
      "subreddit",
      "golang",
      "/v1/forumsite/subreddit-details",
    ],
    [
      "https://www.reddit.com/r/golang/comments/haucpf/some_title/",
      "forumsite",
      "post",
      "haucpf",
      "/v1/forumsite/post-details",
    ],
    ["https://www.instagram.com/NASA/", "photosite", "profile", "nasa", "/v1/photosite/channel-details"],
    ["https://www.instagram.com/p/C10MvewSSYl/", "photosite", "post", "C10MvewSSYl", "/v1/photosite/details"],
    [
      "https://www.instagram.com/reel/C10MvewSSYl/",
      "photosite",
      "post",
      "C10MvewSSYl",
      "/v1/photosite/details",
    ],
  ])("%s → %s %s %s", async ([url, platform, kind, id, path], { stack }) => {
    const { key, accountId } = await stack.account(10);
    const response = await stack.get(RESOLVE, key, { url });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({ platform, kind, id, canonicalUrl: expect.any(String) });
    expect(response.body.data.operations).toContain(path);
    // Every listed operation is one of the platform's, and takes the URL as a direct call would.
    for (const op of response.body.data.operations) expect(op).toMatch(new RegExp(`^/v1/${platform}/`));
    expect(response.headers.get("x-service-credits")).toBe("0");
    await expectUnbilled(stack, accountId, 10);
  });

  test("a channel handle resolves to its alias (the id is known only after a call)", async ({ stack }) => {
    const { key } = await stack.account(10);
    const response = await stack.get(RESOLVE, key, { url: "https://www.youtube.com/@Kurzgesagt" });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      platform: "videosite",
      kind: "channel",
      id: null,
      alias: "@kurzgesagt",
    });
    expect(response.body.data.operations).toEqual(
      expect.arrayContaining(["/v1/videosite/channel-details", "/v1/videosite/channel-videos"]),
    );
  });

  test("the same video in three URL forms has one canonical URL", async ({ stack }) => {
    const { key } = await stack.account(10);
    const forms = [
      "https://www.youtube.com/watch?v=M4gD1WSo5mA&t=1",
      "https://youtu.be/M4gD1WSo5mA",
      "https://www.youtube.com/shorts/M4gD1WSo5mA",
    ];
    const canonical = new Set<string>();
    for (const url of forms) canonical.add((await stack.get(RESOLVE, key, { url })).body.data.canonicalUrl);
    expect(canonical.size).toBe(1);
  });

  test("another site: 422 unsupported_url; a malformed video URL: 400; no url: 400; no key: 401", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(10);
    const foreign = await stack.get(RESOLVE, key, { url: "https://www.tiktok.com/@someone/video/1" });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.code).toBe("unsupported_url");
    const malformed = await stack.get(RESOLVE, key, { url: "https://www.youtube.com/watch?v=tooshort" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.success).toBe(false);
    const missing = await stack.get(RESOLVE, key, {});
    expect(missing.status).toBe(400);
    expect((await stack.get(RESOLVE, null, { url: "https://youtu.be/M4gD1WSo5mA" })).status).toBe(401);
    await expectUnbilled(stack, accountId, 10);
  });
});

describe("GET /v1/utilities/estimate", () => {
  test("a fixed price: video details costs 1 credit", async ({ stack }) => {
    const { key, accountId } = await stack.account(10);
    const response = await stack.get(ESTIMATE, key, {
      path: "/v1/videosite/video-details",
      url: "https://youtu.be/M4gD1WSo5mA",
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({
      operation: "videosite.video-details",
      pricing: "fixed",
      credits: 1,
      min: 1,
      max: 1,
      describe: "1 credit per call",
      cacheHitCredits: 0,
    });
    expect(response.headers.get("x-service-credits")).toBe("0");
    await expectUnbilled(stack, accountId, 10);
  });

  test("per page: search with limit=50 costs 0 (no results) to 6 credits (3 pages of 20)", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(10);
    const response = await stack.get(ESTIMATE, key, { path: "/v1/videosite/search", q: "lofi", limit: "50" });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({ pricing: "range", credits: null, min: 0, max: 6 });
    expect(response.body.data.describe).toBe("2 credits per page of 20 results returned");
    await expectUnbilled(stack, accountId, 10);
  });

  test("per result: photosite channel posts, 0.3 per post, 10 posts at most 3 credits", async ({ stack }) => {
    const { key, accountId } = await stack.account(10);
    const response = await stack.get(ESTIMATE, key, {
      path: "/v1/photosite/channel-posts",
      url: "https://www.instagram.com/NASA/",
      limit: "10",
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({ pricing: "range", min: 0, max: 3 });
    await expectUnbilled(stack, accountId, 10);
  });

  test("the audio transcript: 4 credits from the synthetic video's 75 seconds, read from the platform, free", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(10);
    const response = await stack.get(ESTIMATE, key, {
      path: "/v1/videosite/audio-transcript",
      url: `https://www.youtube.com/watch?v=${synth.videoId}`,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({
      operation: "videosite.audio-transcript",
      pricing: "measured",
      credits: 4,
      durationSeconds: 75,
      cacheHitCredits: 4,
    });
    expect(response.headers.get("x-service-credits")).toBe("0");
    expect(response.headers.get("x-service-source")).toBe("utilities:innertube:android");
    await expectUnbilled(stack, accountId, 10);
    // The request log files it under its own name, free (the row is written when the response finishes).
    const requestId = response.headers.get("x-service-request-id");
    const logged = () =>
      stack.prisma.requestLog.findUnique({
        where: { id: requestId ?? "" },
        select: { operation: true },
      });
    await expect.poll(logged).toEqual({ operation: "utilities.estimate" });
    expect(await stack.ledger.chargesFor(requestId ?? "")).toEqual([]);
  });

  test("the audio transcript of a 95-minute video: 400 duration_too_long, nothing billed", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(10);
    const response = await stack.get(ESTIMATE, key, {
      path: "/v1/videosite/audio-transcript",
      url: "https://www.youtube.com/watch?v=SynthLong01",
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: "duration_too_long", estimatedCredits: 190 });
    await expectUnbilled(stack, accountId, 10);
  });

  test("bad params get the operation's own 400s; an unknown path 404; no path 400", async ({ stack }) => {
    const { key, accountId } = await stack.account(10);
    const badLimit = await stack.get(ESTIMATE, key, {
      path: "/v1/videosite/search",
      q: "lofi",
      limit: "5000",
    });
    const direct = await stack.get("/v1/videosite/search", key, { q: "lofi", limit: "5000" });
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.error.code).toBe(direct.body.error.code);
    const badUrl = await stack.get(ESTIMATE, key, {
      path: "/v1/videosite/video-details",
      url: "https://x.test/",
    });
    expect(badUrl.status).toBeGreaterThanOrEqual(400);
    expect(badUrl.status).toBeLessThan(500);
    const cacheMaxAge = await stack.get(ESTIMATE, key, {
      path: "/v1/videosite/video-details",
      url: "https://youtu.be/M4gD1WSo5mA",
      cacheMaxAge: "1d",
    });
    expect(cacheMaxAge.status).toBe(400);
    expect(cacheMaxAge.body.error.code).toBe("invalid_parameter");
    const unknown = await stack.get(ESTIMATE, key, { path: "/v1/videosite/nothing" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("route_not_found");
    const missing = await stack.get(ESTIMATE, key, {});
    expect(missing.status).toBe(400);
    await expectUnbilled(stack, accountId, 10);
  });
});

describe("Utilities in /v1/openapi.json", () => {
  test("documents resolve and estimate under the Utilities tag", async ({ stack }) => {
    const response = await stack.get("/v1/openapi.json", null);
    expect(response.status).toBe(200);
    for (const path of [RESOLVE, ESTIMATE])
      expect(response.body.paths[path]?.get?.tags).toEqual(["Utilities"]);
  });
});
