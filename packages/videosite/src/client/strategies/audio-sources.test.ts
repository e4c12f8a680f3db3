import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type OperationContext, parseParams } from "@sda/core";
import { mediaCircuit, mediaSettingsFromConfig } from "@sda/media";
import type { ReplayServer } from "@sda/replay";
import { readStrategyHealth } from "@sda/strategy";
import {
  defaultCorpusDir,
  deleteKeysWithPrefix,
  type FakeAsrServer,
  serviceErrorOf,
  startFakeAsr,
  startReplay,
  syntheticAudioCase,
  testContext,
  writeSyntheticMediaCase,
} from "@sda/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAudioTranscript } from "../../operations/audio-transcript.ts";
import { audioTranscriptParams } from "../../spec/audio-transcript.ts";
import { recordedClientPlayer } from "../../testing/corpus.ts";

// Issue 14 items 2 and 3 for audio: a refused direct URL falls through to the next source (the VISIONOS player's
// audio URL) within the same download budget, with only the refused source's circuit open. The VISIONOS answers are
// the recorded ones; the media bytes at their URLs are the corpus' synthetic speech file (written to a temp dir).

const synth = syntheticAudioCase();
let replay: ReplayServer;
let asr: FakeAsrServer;
let root: string;
let mediaDir: string;
const contexts: OperationContext[] = [];

beforeAll(async () => {
  const visionos = recordedClientPlayer("video-M4gD1WSo5mA", "VISIONOS") as {
    streamingData: { adaptiveFormats: { url: string; mimeType: string }[] };
  };
  const audioUrls = visionos.streamingData.adaptiveFormats
    .filter((f) => f.mimeType.startsWith("audio/"))
    .map((f) => f.url);
  const media = await writeSyntheticMediaCase({
    platform: "videosite",
    caseId: "visionos-audio-M4gD1WSo5mA",
    mediaUrls: audioUrls,
    why: "media bytes at the recorded VISIONOS audio URLs of M4gD1WSo5mA (the corpus holds no real media)",
  });
  mediaDir = media.dir;
  replay = await startReplay([defaultCorpusDir(process.env.CORPUS_DIR), mediaDir]);
  asr = await startFakeAsr({
    transcript: synth.transcript,
    expectedDurationSeconds: synth.formatDurationSeconds,
  });
  root = await mkdtemp(path.join(tmpdir(), "audio-sources-test-"));
});
afterAll(async () => {
  for (const ctx of contexts) {
    await deleteKeysWithPrefix(ctx.config.REDIS_URL, ctx.keyPrefix);
    ctx.redis.disconnect();
  }
  await asr.close();
  await replay.close();
  await rm(root, { recursive: true, force: true });
  await rm(mediaDir, { recursive: true, force: true });
});

function context() {
  const ctx = testContext(replay, { config: { ASR_FAST_BASE_URL: asr.baseUrl, AUDIO_TEMP_DIR: root } });
  contexts.push(ctx);
  return ctx;
}
const run = (ctx: OperationContext, id: string) =>
  getAudioTranscript(
    parseParams(audioTranscriptParams, { url: `https://www.youtube.com/watch?v=${id}` }),
    ctx,
  );
const circuitState = async (ctx: OperationContext, name: string) =>
  (await mediaCircuit(ctx, name, mediaSettingsFromConfig(ctx.config)).read()).state;

describe("audio sources: per-source circuits and the VISIONOS audio URL", () => {
  it("M4gD1WSo5mA: ANDROID's itag 18 refused (403) → the VISIONOS audio URL serves the same call; only the ANDROID circuit opens", async () => {
    const remove = replay.addFault({
      when: (r) => r.path === "/videoplayback" && r.query.itag === "18",
      status: 403,
    });
    try {
      const ctx = context();
      const outcome = await run(ctx, "M4gD1WSo5mA");
      expect(outcome.source).toBe("innertube:android+direct:visionos+asr-fast");
      expect(outcome.data.text).toBe(synth.transcript);
      expect(await circuitState(ctx, "videosite:direct:android")).toBe("open");
      expect(await circuitState(ctx, "videosite:direct:visionos")).toBe("closed");
      // The service-wide circuit of before stays closed: other sources and platforms keep working.
      expect(await circuitState(ctx, "videosite-media")).toBe("closed");
      const health = (await readStrategyHealth(ctx.redis, ctx.keyPrefix)).videosite ?? [];
      expect(
        health.filter((s) => s.id.startsWith("audio:")).map((s) => [s.id, s.successes, s.failures]),
      ).toEqual([
        ["audio:android", 0, 1],
        ["audio:visionos", 1, 0],
      ]);
    } finally {
      remove();
    }
  });

  it("it3OtbTxQk0 (made for kids): VISIONOS refuses the video, so the ANDROID refusal is answered (blocked_rate, retryable)", async () => {
    const remove = replay.addFault({
      when: (r) => r.path === "/videoplayback" && r.query.itag === "18",
      status: 403,
    });
    try {
      const error = await serviceErrorOf(run(context(), "it3OtbTxQk0"));
      expect([error.code, error.retryable]).toEqual(["audio_extract_failed", true]);
      expect(error.details).toMatchObject({ reason: "blocked_rate", source: "videosite:direct:android" });
    } finally {
      remove();
    }
  });
});
