import { readdir } from "node:fs/promises";
import { describe, expect } from "vitest";
import { startFakeAsrFor, writeSyntheticReelMedia } from "../packages/photosite/test/reel-media.ts";
import { stackTest } from "./support/fixtures.ts";
import type { ApiResponse, Stack } from "./support/stack.ts";

const TRANSCRIPT = "/v1/photosite/transcript";
const SUMMARIZE = "/v1/photosite/summarize";
const REEL = "https://www.instagram.com/reel/C10MvewSSYl/";
const IMAGE_CAROUSEL = "https://www.instagram.com/p/CAnqPB-Jzcj/";

const test = stackTest
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this destructuring
  .extend("synthetic", { scope: "file" }, ({}, { onCleanup }) => writeSyntheticReelMedia(onCleanup))
  .extend("asr", { scope: "file" }, ({ synthetic }, { onCleanup }) => startFakeAsrFor(synthetic, onCleanup))
  .extend("stackOptions", { scope: "file" }, ({ synthetic, asr, tempDir }) => ({
    env: { ASR_FAST_BASE_URL: asr.baseUrl, AUDIO_TEMP_DIR: tempDir, AUDIO_DOWNLOAD_TIMEOUT_MS: "5000" },
    replayDirs: [synthetic.dir],
  }));
test.beforeEach(({ asr }) => asr.failWith(null));

/** An error of these operations: the envelope, nothing charged, the balance untouched. */
async function expectUnbilled(stack: Stack, response: ApiResponse, accountId: string, balance = 100) {
  expect(response.body.success).toBe(false);
  expect(response.headers.get("x-service-credits")).toBe("0");
  expect(await stack.ledger.balance(accountId)).toBe(balance);
}

describe("photosite transcript over HTTP", () => {
  test("200 for a reel: text and timed segments from the ASR, 2 credits charged once, temp files removed", async ({
    stack,
    tempDir,
    synthetic,
  }) => {
    const { key, accountId } = await stack.account();
    const response = await stack.get(TRANSCRIPT, key, { url: REEL });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      platform: "photosite",
      id: "3275298868401088037",
      shortcode: "C10MvewSSYl",
      username: "ninamukhar",
      asrProvider: "asr-fast",
      language: "en",
      languageIsDetected: true,
      text: synthetic.transcript,
      source: "asr",
    });
    expect(response.body.data.segments.length).toBeGreaterThan(1);
    expect(response.body.data.segments[0]).toMatchObject({ startMs: 0 });
    expect(response.headers.get("x-service-source")).toBe("graphql+direct+asr-fast");
    expect(response.headers.get("x-service-credits")).toBe("2");
    const requestId = response.headers.get("x-service-request-id") ?? "";
    expect(await stack.ledger.chargesFor(requestId)).toHaveLength(1);
    expect(await stack.ledger.balance(accountId)).toBe(98);
    expect(await readdir(tempDir)).toEqual([]);
  });

  test("an image-only carousel: 422 unsupported_url (not_a_video), not billed", async ({ stack }) => {
    const { key, accountId } = await stack.account();
    const response = await stack.get(TRANSCRIPT, key, { url: IMAGE_CAROUSEL });
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({
      code: "unsupported_url",
      reason: "not_a_video",
      retryable: false,
    });
    await expectUnbilled(stack, response, accountId);
  });

  test("the ASR provider failing: 502 asr_failed (retryable), not billed", async ({ stack, asr }) => {
    asr.failWith(500);
    const { key, accountId } = await stack.account();
    const response = await stack.get(TRANSCRIPT, key, { url: REEL });
    expect(response.status).toBe(502);
    expect(response.body.error).toMatchObject({ code: "asr_failed", retryable: true });
    await expectUnbilled(stack, response, accountId);
  });

  test("a missing url is 400, unbilled", async ({ stack }) => {
    const { key, accountId } = await stack.account();
    const missing = await stack.get(TRANSCRIPT, key, {});
    expect(missing.status).toBe(400);
    await expectUnbilled(stack, missing, accountId);
  });
});

describe("photosite summarize over HTTP (offline extractive summariser)", () => {
  test("200 for a reel from its caption and speech: 4 credits", async ({ stack }) => {
    const { key, accountId } = await stack.account();
    const response = await stack.get(SUMMARIZE, key, { url: REEL });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      platform: "photosite",
      shortcode: "C10MvewSSYl",
      title: "Reel by @ninamukhar",
      inputs: ["caption", "speech"],
      language: "en",
    });
    expect(response.body.data.summary).toMatch(/tide/i);
    expect(response.body.data.keyPoints.length).toBeGreaterThan(0);
    expect(["positive", "neutral", "negative"]).toContain(response.body.data.sentiment);
    expect(response.headers.get("x-service-source")).toBe("graphql+direct+asr-fast+extractive");
    expect(response.headers.get("x-service-credits")).toBe("4");
    expect(await stack.ledger.balance(accountId)).toBe(96);
  });

  test("200 for an image carousel from its caption alone: 4 credits", async ({ stack }) => {
    const { key, accountId } = await stack.account();
    const response = await stack.get(SUMMARIZE, key, { url: IMAGE_CAROUSEL });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      shortcode: "CAnqPB-Jzcj",
      inputs: ["caption"],
      language: "und",
    });
    expect(response.headers.get("x-service-source")).toBe("v1+extractive");
    expect(await stack.ledger.balance(accountId)).toBe(96);
  });

  test("the reel's speech failing: 502 asr_failed, not billed", async ({ stack, asr }) => {
    asr.failWith(503);
    const { key, accountId } = await stack.account();
    const response = await stack.get(SUMMARIZE, key, { url: REEL });
    expect(response.status).toBe(502);
    expect(response.body.error).toMatchObject({ code: "asr_failed" });
    await expectUnbilled(stack, response, accountId);
  });
});
