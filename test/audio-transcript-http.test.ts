import { readdir } from "node:fs/promises";
import { syntheticAudioCase } from "@sda/testing";
import { describe, expect } from "vitest";
import { fakeAsrFixture, stackTest } from "./support/fixtures.ts";
import { type ApiResponse, replayHitsOn, type Stack } from "./support/stack.ts";

const AUDIO = "/v1/videosite/audio-transcript";
const synth = syntheticAudioCase();
const watch = (id: string) => `https://www.youtube.com/watch?v=${id}`;

const test = stackTest
  .extend(
    "fast",
    { scope: "file" },
    fakeAsrFixture({ transcript: synth.transcript, expectedDurationSeconds: synth.formatDurationSeconds }),
  )
  .extend(
    "standard",
    { scope: "file" },
    fakeAsrFixture({ transcript: synth.transcript, apiKey: "sk-standard" }),
  )
  .extend("stackOptions", { scope: "file" }, ({ fast, standard, tempDir }) => ({
    env: {
      ASR_FAST_BASE_URL: fast.baseUrl,
      ASR_STANDARD_BASE_URL: standard.baseUrl,
      ASR_STANDARD_API_KEY: "sk-standard",
      AUDIO_TEMP_DIR: tempDir,
      AUDIO_DOWNLOAD_TIMEOUT_MS: "2000",
    },
  }));
test.beforeEach(({ fast, standard }) => {
  fast.failWith(null);
  standard.failWith(null);
});

/** Every error of this operation: the envelope, nothing charged, the balance untouched. */
async function expectUnbilled(stack: Stack, response: ApiResponse, accountId: string, balance: number) {
  expect(response.body.success).toBe(false);
  expect(response.headers.get("x-service-credits")).toBe("0");
  expect(await stack.ledger.balance(accountId)).toBe(balance);
}

describe("audio transcript over HTTP: success and billing", () => {
  test("200 for the synthetic video: SPEC §2.4 data, creditsUsed on the envelope, 4 credits charged once", async ({
    stack,
    tempDir,
    fast,
  }) => {
    const { key, accountId } = await stack.account();
    const uploads = fast.received.length;
    const response = await stack.get(AUDIO, key, { url: watch(synth.videoId) });
    expect(response.status).toBe(200);
    expect(response.body.creditsUsed).toBe(4);
    expect(response.body.data).toMatchObject({
      platform: "videosite",
      videoId: synth.videoId,
      asrProvider: "asr-fast",
      language: "en",
      languageIsDetected: true,
      durationSeconds: 75,
      text: synth.transcript,
      creditsUsed: 4,
      estimatedCredits: 4,
      source: "asr",
    });
    expect(response.headers.get("x-service-credits")).toBe("4");
    expect(response.headers.get("x-service-source")).toBe("innertube:android+direct:itag140+asr-fast");
    const requestId = response.headers.get("x-service-request-id") ?? "";
    expect(await stack.ledger.chargesFor(requestId)).toHaveLength(1);
    expect(await stack.ledger.balance(accountId)).toBe(96);
    // What reached the provider: one 16 kHz mono upload as long as the recorded audio.
    expect(fast.received.length).toBe(uploads + 1);
    const probe = fast.received.at(-1)?.probe;
    expect(probe).toMatchObject({ sampleRateHz: 16000, channels: 1, bitrateKbps: 32 });
    expect(Math.abs((probe?.durationSeconds ?? 0) - synth.formatDurationSeconds)).toBeLessThan(1);
    expect(await readdir(tempDir)).toEqual([]);
  });

  test("cache=true: the hit is billed the same 4 credits (SPEC §8 rule 2), and honours maxCredits", async ({
    stack,
    fast,
  }) => {
    const { key, accountId } = await stack.account();
    // A fresh call stores its result (every fresh success refreshes the cache) and is billed 4.
    const first = await stack.get(AUDIO, key, { url: watch(synth.videoId), cache: "false" });
    expect(first.headers.get("x-service-cache")).toBe("BYPASS");
    expect(first.headers.get("x-service-credits")).toBe("4");
    const uploads = fast.received.length;
    const hit = await stack.get(AUDIO, key, { url: watch(synth.videoId), cache: "true" });
    expect(hit.status).toBe(200);
    expect(hit.headers.get("x-service-cache")).toBe("HIT");
    expect(hit.headers.get("x-service-credits")).toBe("4");
    expect(hit.body).toMatchObject({ cached: true, creditsUsed: 4 });
    expect(hit.body.data).toEqual(first.body.data);
    expect(fast.received.length).toBe(uploads);
    const capped = await stack.get(AUDIO, key, { url: watch(synth.videoId), cache: "true", maxCredits: "3" });
    expect(capped.status).toBe(400);
    expect(capped.body.error).toMatchObject({ code: "cost_exceeds_max", estimatedCredits: 4, maxCredits: 3 });
    await expectUnbilled(stack, capped, accountId, 92);
  });

  test("asr-fast failing: asr-standard transcribes, billed the same", async ({ stack, fast, standard }) => {
    fast.failWith(503);
    const { key, accountId } = await stack.account();
    const response = await stack.get(AUDIO, key, { url: watch(synth.videoId) });
    expect(response.status).toBe(200);
    expect(response.body.data.asrProvider).toBe("asr-standard");
    expect(response.headers.get("x-service-source")).toBe("innertube:android+direct:itag140+asr-standard");
    expect(standard.received.at(-1)).toMatchObject({ authorization: "Bearer sk-standard", status: 200 });
    expect(await stack.ledger.balance(accountId)).toBe(96);
  });

  test("every ASR tier failing: 502 asr_failed, retryable, not billed", async ({
    stack,
    tempDir,
    fast,
    standard,
  }) => {
    fast.failWith(500);
    standard.failWith(500);
    const { key, accountId } = await stack.account();
    const response = await stack.get(AUDIO, key, { url: watch(synth.videoId) });
    expect(response.status).toBe(502);
    expect(response.body.error).toMatchObject({
      code: "asr_failed",
      retryable: true,
      estimatedCreditsIfRetried: 4,
    });
    expect(response.headers.get("retry-after")).toBe("30");
    await expectUnbilled(stack, response, accountId, 100);
    expect(await readdir(tempDir)).toEqual([]);
  });
});

describe("audio transcript over HTTP: refused before any download", () => {
  test("95 minutes: 400 duration_too_long with estimatedCredits 190", async ({ stack }) => {
    const { key, accountId } = await stack.account();
    const hits = replayHitsOn(stack, "/videoplayback");
    const response = await stack.get(AUDIO, key, { url: watch("SynthLong01") });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: "duration_too_long",
      retryable: false,
      estimatedCredits: 190,
    });
    await expectUnbilled(stack, response, accountId, 100);
    expect(replayHitsOn(stack, "/videoplayback")).toBe(hits);
  });

  test("maxCredits below the estimate: 400 cost_exceeds_max; a balance below it: 402", async ({ stack }) => {
    const hits = replayHitsOn(stack, "/videoplayback");
    const rich = await stack.account();
    const capped = await stack.get(AUDIO, rich.key, { url: watch(synth.videoId), maxCredits: "3" });
    expect(capped.status).toBe(400);
    expect(capped.body.error).toMatchObject({ code: "cost_exceeds_max", estimatedCredits: 4, maxCredits: 3 });
    await expectUnbilled(stack, capped, rich.accountId, 100);
    const poor = await stack.account(3);
    const refused = await stack.get(AUDIO, poor.key, { url: watch(synth.videoId) });
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe("insufficient_credits");
    await expectUnbilled(stack, refused, poor.accountId, 3);
    expect(replayHitsOn(stack, "/videoplayback")).toBe(hits);
  });

  test("maxCredits outside 1..50000 or not an integer: 400 with the parameter named", async ({ stack }) => {
    const { key } = await stack.account();
    for (const [value, code] of [
      ["0", "parameter_out_of_range"],
      ["50001", "parameter_out_of_range"],
      ["lots", "invalid_parameter"],
    ]) {
      const response = await stack.get(AUDIO, key, {
        url: watch(synth.videoId),
        maxCredits: value as string,
      });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ code, param: "maxCredits" });
    }
  });
});

describe("audio transcript over HTTP: every SPEC §7.4 reason", () => {
  test("blocked_rate: an upstream 403 opens every refused source's circuit; the next call fails fast without a download", async ({
    stack,
    redis,
  }) => {
    const { key, accountId } = await stack.account();
    const remove = stack.replay.addFault({ when: (r) => r.path === "/videoplayback", status: 403 });
    try {
      const blocked = await stack.get(AUDIO, key, { url: watch(synth.videoId) });
      expect(blocked.status).toBe(502);
      expect(blocked.body.error).toMatchObject({
        code: "audio_extract_failed",
        reason: "blocked_rate",
        retryable: true,
        retryAfterSeconds: 300,
        estimatedCreditsIfRetried: 4,
        cacheScope: "service",
        blockedRateConsecutive: 1,
      });
      expect(blocked.headers.get("retry-after")).toBe("300");
      const hits = replayHitsOn(stack, "/videoplayback");
      const fastFail = await stack.get(AUDIO, key, { url: watch(synth.videoId) });
      expect(fastFail.body.error).toMatchObject({
        reason: "blocked_rate",
        circuit: "open",
        blockedRateConsecutive: 1,
      });
      expect(Number(fastFail.headers.get("retry-after"))).toBeLessThanOrEqual(300);
      expect(replayHitsOn(stack, "/videoplayback")).toBe(hits);
      await expectUnbilled(stack, fastFail, accountId, 100);
    } finally {
      remove();
      // Circuits are per source (issue 14): the ANDROID format URL's and the VISIONOS audio URL's both opened.
      await redis.del(
        `${stack.env.QUEUE_PREFIX}:circuit:videosite:direct:android`,
        `${stack.env.QUEUE_PREFIX}:circuit:videosite:direct:visionos`,
      );
    }
  });

  test("extract_timeout: a download slower than its budget, retry after 60 s", async ({ stack }) => {
    const { key, accountId } = await stack.account();
    const remove = stack.replay.addFault({ when: (r) => r.path === "/videoplayback", delayMs: 4000 });
    try {
      const response = await stack.get(AUDIO, key, { url: watch(synth.videoId) });
      expect(response.status).toBe(502);
      expect(response.body.error).toMatchObject({
        reason: "extract_timeout",
        retryable: true,
        retryAfterSeconds: 60,
        estimatedCreditsIfRetried: 4,
      });
      await expectUnbilled(stack, response, accountId, 100);
    } finally {
      remove();
    }
  });

  test("extractor_unavailable: only ciphered formats and no extractor configured, retry after 120 s", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account();
    const response = await stack.get(AUDIO, key, { url: watch("iuevw6218F0") });
    expect(response.status).toBe(502);
    expect(response.body.error).toMatchObject({
      reason: "extractor_unavailable",
      retryable: true,
      retryAfterSeconds: 120,
      estimatedCreditsIfRetried: Math.ceil(283 / 60) * 2,
    });
    await expectUnbilled(stack, response, accountId, 100);
  });

  test("no_audio_format: a player listing only video formats; not retryable, not obtainable", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account();
    const recorded = stack.replay.entries.find(
      (e) => e.caseId === "audio-SynthAudio1" && e.entry._match.path === "/youtubei/v1/player",
    );
    const player = JSON.parse(recorded?.entry.response.content.text ?? "{}");
    for (const format of player.streamingData.adaptiveFormats)
      format.mimeType = 'video/mp4; codecs="avc1.4d401e"';
    const remove = stack.replay.addFault({
      when: (r) =>
        r.path === "/youtubei/v1/player" &&
        r.body.kind === "json" &&
        (r.body.value as { videoId?: unknown }).videoId === synth.videoId,
      status: 200,
      body: JSON.stringify(player),
      headers: { "content-type": "application/json" },
    });
    try {
      const response = await stack.get(AUDIO, key, { url: watch(synth.videoId) });
      expect(response.status).toBe(502);
      expect(response.body.error).toMatchObject({
        reason: "no_audio_format",
        retryable: false,
        obtainable: false,
      });
      expect(response.body.error).not.toHaveProperty("estimatedCreditsIfRetried");
      expect(response.headers.get("retry-after")).toBeNull();
      await expectUnbilled(stack, response, accountId, 100);
    } finally {
      remove();
    }
  });

  test("restricted (age-gated Njp5uhTorCo) and live_unavailable (live X4VbdwhkE10): not retryable", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account();
    const restricted = await stack.get(AUDIO, key, { url: watch("Njp5uhTorCo") });
    expect(restricted.status).toBe(502);
    expect(restricted.body.error).toMatchObject({
      reason: "restricted",
      retryable: false,
      obtainable: false,
    });
    const live = await stack.get(AUDIO, key, { url: watch("X4VbdwhkE10") });
    expect(live.body.error).toMatchObject({
      reason: "live_unavailable",
      retryable: false,
      obtainable: false,
    });
    for (const response of [restricted, live]) {
      expect(response.headers.get("retry-after")).toBeNull();
      await expectUnbilled(stack, response, accountId, 100);
    }
  });
});
