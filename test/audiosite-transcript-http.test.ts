import { readdir } from "node:fs/promises";
import { describe, expect } from "vitest";
import {
  fakeAsrFor,
  SYNTHETIC_HLS_TRACK_URL,
  SYNTHETIC_TRACK_URL,
  syntheticTrackFixture,
} from "../packages/audiosite/test/synthetic-track.ts";
import { stackTest } from "./support/fixtures.ts";
import type { ApiResponse, Stack } from "./support/stack.ts";

// The audio transcript of a track end to end: gateway, the audio queue's worker, the replay serving the recorded
// corpus plus the test-only synthetic track (espeak-ng speech as MP3), ffmpeg, and a fake ASR provider.

const TRANSCRIPT = "/v1/audiosite/audio-transcript";

const test = stackTest
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this destructuring
  .extend("synthetic", { scope: "file" }, ({}, { onCleanup }) => syntheticTrackFixture(onCleanup))
  .extend("asr", { scope: "file" }, ({ synthetic }, { onCleanup }) => fakeAsrFor(synthetic, onCleanup))
  .extend("stackOptions", { scope: "file" }, ({ synthetic, asr, tempDir }) => ({
    env: { ASR_FAST_BASE_URL: asr.baseUrl, AUDIO_TEMP_DIR: tempDir, AUDIO_DOWNLOAD_TIMEOUT_MS: "10000" },
    replayDirs: [synthetic.dir],
  }));
test.beforeEach(({ asr }) => asr.failWith(null));

/** An error answer: the envelope, nothing charged, the balance untouched. */
async function expectUnbilled(stack: Stack, response: ApiResponse, accountId: string, balance: number) {
  expect(response.body.success).toBe(false);
  expect(response.headers.get("x-service-credits")).toBe("0");
  expect(await stack.ledger.balance(accountId)).toBe(balance);
}

describe("audiosite audio transcript over HTTP", () => {
  test("the synthetic track: text and segments from the ASR, ceil(74 s / 60) * 2 = 4 credits charged once", async ({
    stack,
    synthetic,
    tempDir,
  }) => {
    const { key, accountId } = await stack.account(100);
    const response = await stack.get(TRANSCRIPT, key, { url: SYNTHETIC_TRACK_URL });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({
      platform: "audiosite",
      trackId: synthetic.trackId,
      url: SYNTHETIC_TRACK_URL,
      asrProvider: "asr-fast",
      language: "en",
      languageIsDetected: true,
      durationSeconds: 74,
      text: synthetic.transcript,
      creditsUsed: 4,
      estimatedCredits: 4,
      source: "asr",
    });
    expect(response.body.data.segments.length).toBeGreaterThan(1);
    expect(response.body.creditsUsed).toBe(4);
    expect(response.headers.get("x-service-source")).toBe("api-v2:progressive:mp3_0_0+asr-fast");
    expect(response.headers.get("x-service-credits")).toBe("4");
    const requestId = response.headers.get("x-service-request-id") ?? "";
    expect(await stack.ledger.chargesFor(requestId)).toHaveLength(1);
    expect(await stack.ledger.balance(accountId)).toBe(96);
    expect(await readdir(tempDir)).toEqual([]);
  });

  test("a stream URL answering 404 passes to the next format: the HLS stream's MP3 segments", async ({
    stack,
    synthetic,
  }) => {
    const { key } = await stack.account(100);
    const response = await stack.get(TRANSCRIPT, key, { url: SYNTHETIC_HLS_TRACK_URL, language: "en" });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({
      trackId: synthetic.hlsTrackId,
      language: "en",
      languageIsDetected: false,
      text: synthetic.transcript,
    });
    expect(response.headers.get("x-service-source")).toBe("api-v2:hls:mp3_0_0+asr-fast");
  });

  test("geo-blocked and preview-only tracks: 502 audio_extract_failed restricted, not billed", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(100);
    for (const url of [
      "https://soundcloud.com/jessglynne/one-touch",
      "https://soundcloud.com/martinsolveig/places",
    ]) {
      const response = await stack.get(TRANSCRIPT, key, { url });
      expect(response.status).toBe(502);
      expect(response.body.error).toMatchObject({
        code: "audio_extract_failed",
        reason: "restricted",
        retryable: false,
      });
      await expectUnbilled(stack, response, accountId, 100);
    }
  });

  test("maxCredits and the balance are checked before any download", async ({ stack }) => {
    const episode =
      "https://soundcloud.com/wearecc/open-minds-ep-21-dr-beth-harris-and-dr-steven-zucker-of-smarthistory";
    const { key, accountId } = await stack.account(100);
    const capped = await stack.get(TRANSCRIPT, key, { url: episode, maxCredits: "10" });
    expect(capped.status).toBe(400);
    expect(capped.body.error).toMatchObject({
      code: "cost_exceeds_max",
      estimatedCredits: 50,
      maxCredits: 10,
    });
    await expectUnbilled(stack, capped, accountId, 100);
    // The estimate reads the same price, free.
    const estimate = await stack.get("/v1/utilities/estimate", key, {
      path: "/v1/audiosite/audio-transcript",
      url: episode,
    });
    expect(estimate.status, JSON.stringify(estimate.body)).toBe(200);
    expect(estimate.body.data).toMatchObject({
      operation: "audiosite.audio-transcript",
      credits: 50,
      durationSeconds: 1500,
    });
    expect(await stack.ledger.balance(accountId)).toBe(100);
    const poor = await stack.account(20);
    const refused = await stack.get(TRANSCRIPT, poor.key, { url: episode });
    expect(refused.status).toBe(402);
    await expectUnbilled(stack, refused, poor.accountId, 20);
  });

  test("the recorded episode's stream URL leads to audio the corpus does not hold: 502, not billed", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(100);
    const response = await stack.get(TRANSCRIPT, key, {
      url: "https://soundcloud.com/wearecc/open-minds-ep-21-dr-beth-harris-and-dr-steven-zucker-of-smarthistory",
    });
    expect(response.status).toBe(502);
    expect(response.body.error).toMatchObject({ code: "audio_extract_failed" });
    await expectUnbilled(stack, response, accountId, 100);
  });

  test("the ASR provider failing: 502 asr_failed (retryable), not billed; a playlist link is url_kind_mismatch", async ({
    stack,
    asr,
  }) => {
    asr.failWith(500);
    const { key, accountId } = await stack.account(100);
    const failed = await stack.get(TRANSCRIPT, key, { url: SYNTHETIC_TRACK_URL });
    expect(failed.status).toBe(502);
    expect(failed.body.error).toMatchObject({ code: "asr_failed", retryable: true });
    await expectUnbilled(stack, failed, accountId, 100);
    const playlist = await stack.get(TRANSCRIPT, key, { url: "https://soundcloud.com/micky96/sets/house" });
    expect(playlist.body.error).toMatchObject({ code: "url_kind_mismatch", kind: "playlist" });
  });
});
