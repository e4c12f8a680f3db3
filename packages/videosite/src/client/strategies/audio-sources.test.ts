import { rm } from "node:fs/promises";
import { parseParams } from "@sda/contract";
import { readStrategyHealth } from "@sda/strategy";
import { defaultCorpusDir, serviceErrorOf, writeSyntheticMediaCase } from "@sda/testing";
import { describe, expect } from "vitest";
import { audioTest, synth } from "../../../test/audio.ts";
import { recordedClientPlayer } from "../../../test/corpus.ts";
import type { VideositeTestContext } from "../../../test/fixtures.ts";
import { getAudioTranscript } from "../../operations/audio-transcript.ts";
import { audioTranscriptParams } from "../../spec/audio-transcript.ts";

// Issue 14 items 2 and 3 for audio: a refused direct URL falls through to the next source (the VISIONOS player's
// audio URL) within the same download budget, with only the refused source's circuit open. The VISIONOS answers are
// the recorded ones; the media bytes at their URLs are the corpus' synthetic speech file (written to a temp dir).

/** The replay also serves the synthetic media case: speech bytes at the recorded VISIONOS audio URLs. */
const test = audioTest
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from its destructuring.
  .extend("replayDirs", { scope: "file" }, async ({}, { onCleanup }) => {
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
    onCleanup(() => rm(media.dir, { recursive: true, force: true }));
    return [defaultCorpusDir(process.env.CORPUS_DIR), media.dir];
  })
  /** `context()` of a test during which ANDROID's audio URL (itag 18) is refused with a 403. */
  .extend("itag18RefusedContext", ({ context, replay }, { onCleanup }) => {
    onCleanup(
      replay.addFault({ when: (r) => r.path === "/videoplayback" && r.query.itag === "18", status: 403 }),
    );
    return context;
  });

const run = (ctx: VideositeTestContext, id: string) =>
  getAudioTranscript(
    parseParams(audioTranscriptParams, { url: `https://www.youtube.com/watch?v=${id}` }),
    ctx,
  );
const circuitState = async (ctx: VideositeTestContext, name: string) =>
  (await ctx.services.media.circuit(name).read()).state;

describe("audio sources: per-source circuits and the VISIONOS audio URL", () => {
  test("M4gD1WSo5mA: ANDROID's itag 18 refused (403) → the VISIONOS audio URL serves the same call; only the ANDROID circuit opens", async ({
    itag18RefusedContext,
  }) => {
    const ctx = itag18RefusedContext();
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
  });

  test("it3OtbTxQk0 (made for kids): VISIONOS refuses the video, so the ANDROID refusal is answered (blocked_rate, retryable)", async ({
    itag18RefusedContext,
  }) => {
    const error = await serviceErrorOf(run(itag18RefusedContext(), "it3OtbTxQk0"));
    expect([error.code, error.retryable]).toEqual(["audio_extract_failed", true]);
    expect(error.details).toMatchObject({ reason: "blocked_rate", source: "videosite:direct:android" });
  });
});
