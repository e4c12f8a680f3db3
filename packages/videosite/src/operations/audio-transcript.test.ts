import { readdir } from "node:fs/promises";
import { parseParams } from "@sda/contract";
import { serviceErrorOf } from "@sda/testing";
import { describe, expect, it } from "vitest";
import { audioTest, synth } from "../../test/audio.ts";
import { recordedPlayer } from "../../test/corpus.ts";
import type { VideositeTestContext } from "../../test/fixtures.ts";
import { readPlayer } from "../readers/video/player-reader.ts";
import { audioTranscriptParams } from "../spec/audio-transcript.ts";
import { getAudioTranscript, pickAudioFormat } from "./audio-transcript.ts";

const watch = (id: string) => `https://www.youtube.com/watch?v=${id}`;

/** `run(query, ctx?)` and `failure(query, ctx?)` call the handler with raw params, on a new `context()` by default. */
const test = audioTest
  .extend(
    "run",
    ({ context }) =>
      async (query: Record<string, string>, ctx: VideositeTestContext = context()) =>
        getAudioTranscript(parseParams(audioTranscriptParams, query), ctx),
  )
  .extend(
    "failure",
    ({ run, context }) =>
      (query: Record<string, string>, ctx: VideositeTestContext = context()) =>
        serviceErrorOf(run(query, ctx)),
  )
  .extend(
    "videoplaybackHits",
    ({ replay }) =>
      () =>
        replay.hits.filter((h) => h.path === "/videoplayback").length,
  );

describe("GET /v1/videosite/audio-transcript: handler", () => {
  test("transcribes the synthetic video: SPEC §2.4 fields, 4 credits for 75 s, creditsUsed on the envelope", async ({
    run,
    root,
  }) => {
    const outcome = await run({ url: watch(synth.videoId) });
    expect(outcome.source).toBe("innertube:android+direct:itag140+asr-fast");
    expect(outcome.credits).toBe(4);
    expect(outcome.durationSeconds).toBe(75);
    expect(outcome.envelope).toEqual({ creditsUsed: 4 });
    const data = outcome.data;
    expect(data).toMatchObject({
      platform: "videosite",
      videoId: synth.videoId,
      url: watch(synth.videoId),
      asrProvider: "asr-fast",
      language: "en",
      languageIsDetected: true,
      durationSeconds: synth.lengthSeconds,
      text: synth.transcript,
      creditsUsed: 4,
      estimatedCredits: 4,
      source: "asr",
    });
    expect(data.text).toBe(data.segments.map((s) => s.text).join(" "));
    for (const s of data.segments) {
      expect(Number.isInteger(s.startMs) && Number.isInteger(s.endMs)).toBe(true);
      expect(s.endMs).toBeGreaterThan(s.startMs);
      expect(s.endMs).toBeLessThanOrEqual(synth.lengthSeconds * 1000);
    }
    expect(await readdir(root)).toEqual([]);
  });

  test("a language parameter is passed to the provider as ISO 639-1 and echoed, not detected", async ({
    run,
    asr,
  }) => {
    const outcome = await run({ url: watch(synth.videoId), language: "en-US" });
    expect(outcome.data).toMatchObject({ language: "en-US", languageIsDetected: false });
    expect(asr.received.at(-1)?.language).toBe("en");
  });

  test("over 90 minutes: 400 duration_too_long with estimatedCredits, nothing downloaded", async ({
    failure,
    videoplaybackHits,
  }) => {
    const hits = videoplaybackHits();
    const error = await failure({ url: watch("SynthLong01") });
    expect(error.code).toBe("duration_too_long");
    expect(error.status).toBe(400);
    expect(error.details).toMatchObject({
      estimatedCredits: 190,
      durationSeconds: 5700,
      maxDurationSeconds: 5400,
    });
    // The real 6.4-hour recording is refused the same way.
    expect((await failure({ url: watch("Fjg5lYqvzUs") })).details.estimatedCredits).toBe(
      Math.ceil(23169 / 60) * 2,
    );
    expect(videoplaybackHits()).toBe(hits);
  });

  test("maxCredits below the estimate: 400 cost_exceeds_max; a balance below it: 402; neither downloads", async ({
    failure,
    context,
    videoplaybackHits,
  }) => {
    const hits = videoplaybackHits();
    const capped = await failure({ url: watch(synth.videoId), maxCredits: "3" });
    expect(capped.code).toBe("cost_exceeds_max");
    expect(capped.details).toMatchObject({ estimatedCredits: 4, maxCredits: 3 });
    const poor = await failure({ url: watch(synth.videoId) }, context({ balance: 3 }));
    expect(poor.code).toBe("insufficient_credits");
    expect(poor.status).toBe(402);
    expect(videoplaybackHits()).toBe(hits);
  });

  test("no ASR tier configured: 502 asr_unavailable, not retryable, before any download", async ({
    failure,
    context,
    videoplaybackHits,
  }) => {
    const hits = videoplaybackHits();
    const error = await failure({ url: watch(synth.videoId) }, context({ asr: false }));
    expect(error).toMatchObject({ code: "asr_unavailable", status: 502, retryable: false });
    expect(videoplaybackHits()).toBe(hits);
  });

  test.for<[string, string, string]>([
    ["Njp5uhTorCo", "restricted", "age_restricted"],
    ["ayI2iBwGdxw", "restricted", "members_only"],
    ["sMJ8bRN2dak", "restricted", "premium_only"],
    ["N-yVic7BbY0", "live_unavailable", "live_offline"],
    ["5YceQ8YqYMc", "live_unavailable", "live_recording_unavailable"],
    ["X4VbdwhkE10", "live_unavailable", "live_now"],
  ])(
    "%s: 502 audio_extract_failed %s (%s), not retryable, obtainable false",
    async ([id, reason, why], { failure }) => {
      const error = await failure({ url: watch(id) });
      expect(error.code).toBe("audio_extract_failed");
      expect(error.retryable).toBe(false);
      expect(error.retryAfterSeconds).toBeUndefined();
      expect(error.details).toMatchObject({ reason, playabilityReason: why, obtainable: false });
      expect(error.details).not.toHaveProperty("estimatedCreditsIfRetried");
    },
  );

  test("a private video is 404 video_unavailable like the transcript's, marked not obtainable", async ({
    failure,
  }) => {
    const error = await failure({ url: watch("8VajtrESJzA") });
    expect(error.code).toBe("video_unavailable");
    expect(error.details).toMatchObject({ reason: "private", obtainable: false });
  });

  test("no direct URL and no extractor: extractor_unavailable (retry in 120 s) with the estimate if retried", async ({
    failure,
  }) => {
    // iuevw6218F0: every format ciphered, no caption track.
    const ciphered = await failure({ url: watch("iuevw6218F0") });
    expect(ciphered.details).toMatchObject({
      reason: "extractor_unavailable",
      estimatedCreditsIfRetried: 10,
    });
    expect(ciphered.retryAfterSeconds).toBe(120);
    expect(ciphered.details).not.toHaveProperty("suggestedEndpoint");
  });

  test("a failure on a video with captions suggests the captions operation, as far as a track serves the language", async ({
    failure,
    replay,
  }) => {
    // 7PIMiDcwNvc: an English auto-generated track (translatable to 16 languages); its muxed format's signed URL
    // answers 410 Gone here, as an expired one does.
    const remove = replay.addFault({
      when: (r) => r.path === "/videoplayback" && r.query.id !== synth.videoId,
      status: 410,
    });
    try {
      const captioned = await failure({ url: watch("7PIMiDcwNvc") });
      expect(captioned.details).toMatchObject({
        reason: "extractor_unavailable",
        upstreamStatus: 410,
        suggestedEndpoint: "/v1/videosite/transcript",
        estimatedCreditsIfRetried: Math.ceil(381 / 60) * 2,
      });
      const translated = await failure({ url: watch("7PIMiDcwNvc"), language: "ja" });
      expect(translated.details.suggestedEndpoint).toBe("/v1/videosite/transcript");
      const unserved = await failure({ url: watch("7PIMiDcwNvc"), language: "sw" });
      expect(unserved.details).not.toHaveProperty("suggestedEndpoint");
    } finally {
      remove();
    }
  });
});

describe("audio format choice on recorded players", () => {
  const pick = (caseId: string, language?: string) =>
    pickAudioFormat(readPlayer(recordedPlayer(caseId)), language);

  it("the synthetic video's itag 140", () => {
    expect(pick("audio-SynthAudio1")).toMatchObject({ itag: 140, isAudioOnly: true });
  });

  it("the smallest audio-only format of at least 48 kbit/s with a direct URL (itag 139, HE-AAC)", () => {
    expect(pick("video-F1xioXWb8CY")).toMatchObject({ itag: 139, isAudioOnly: true });
    expect(pick("video-GJLlxj_dtq8")).toMatchObject({ itag: 139 });
  });

  it("the muxed format when no audio-only format has a URL (kX3nB4PpJko: 25 dubbed tracks without URLs)", () => {
    expect(pick("video-kX3nB4PpJko", "de")).toMatchObject({ itag: 18, kind: "muxed" });
  });

  it("null when every format is ciphered or the player lists none", () => {
    expect(pick("video-iuevw6218F0")).toBeNull();
    expect(pick("video-N-yVic7BbY0")).toBeNull();
  });
});
