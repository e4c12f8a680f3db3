import { rm } from "node:fs/promises";
import { parseParams } from "@sda/core";
import type { ReplayServer } from "@sda/replay";
import {
  defaultCorpusDir,
  type FakeAsrServer,
  type FakeChatServer,
  recordedVideoVersionUrls,
  type SyntheticMediaCase,
  serviceErrorOf,
  startFakeAsr,
  startFakeChat,
  startReplay,
  type TestContext,
  testContext,
  writeSyntheticMediaCase,
} from "@sda/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { summarizeParams } from "../spec/summarize.ts";
import { transcriptParams } from "../spec/transcript.ts";
import { caseJson } from "../testing/corpus.ts";
import { getPostSummary } from "./summarize.ts";
import { getReelTranscript } from "./transcript.ts";

/** The recorded caption of reel C10MvewSSYl, whitespace collapsed as the summariser reads it. */
function recordedCaption(): string {
  const answer = caseJson("post-C10MvewSSYl-reel", 1) as {
    data: { xdt_api__v1__media__shortcode__web_info: { items: { caption: { text: string } }[] } };
  };
  return (answer.data.xdt_api__v1__media__shortcode__web_info.items[0]?.caption.text ?? "").replace(
    /\s+/g,
    " ",
  );
}

const REEL = "https://www.instagram.com/reel/C10MvewSSYl/";
const IMAGE_CAROUSEL = "https://www.instagram.com/p/CAnqPB-Jzcj/";

let synthetic: SyntheticMediaCase;
let replay: ReplayServer;
let asr: FakeAsrServer;
let chat: FakeChatServer;
let withAsr: TestContext;
let withoutAsr: TestContext;
let withLlm: TestContext;

beforeAll(async () => {
  synthetic = await writeSyntheticMediaCase({
    platform: "photosite",
    caseId: "synthetic-reel-media-C10MvewSSYl",
    mediaUrls: recordedVideoVersionUrls("photosite", "post-C10MvewSSYl-reel"),
    why: "the corpus holds no reel media file: the recorded video_versions URLs of reel C10MvewSSYl serve the synthetic speech file of audio-SynthAudio1",
  });
  replay = await startReplay([defaultCorpusDir(process.env.CORPUS_DIR), synthetic.dir]);
  asr = await startFakeAsr({
    transcript: synthetic.transcript,
    expectedDurationSeconds: synthetic.durationSeconds,
  });
  chat = await startFakeChat(() => ({
    content: JSON.stringify({
      summary: "A lesson about the tides, posted as an editorial reel.",
      keyPoints: ["The Moon causes the tides.", "Spring and neap tides follow the Sun."],
      topics: ["tides", "moon"],
      sentiment: "positive",
    }),
  }));
  withAsr = testContext(replay, { config: { ASR_FAST_BASE_URL: asr.baseUrl } });
  withoutAsr = testContext(replay);
  withLlm = testContext(replay, { config: { ASR_FAST_BASE_URL: asr.baseUrl, LLM_BASE_URL: chat.baseUrl } });
});
afterAll(async () => {
  for (const ctx of [withAsr, withoutAsr, withLlm]) ctx.redis.disconnect();
  await asr.close();
  await chat.close();
  await replay.close();
  await rm(synthetic.dir, { recursive: true, force: true });
});

const transcript = (ctx: TestContext, url: string) =>
  getReelTranscript(ctx, parseParams(transcriptParams, { url }).url);
const summarize = (ctx: TestContext, url: string) =>
  getPostSummary(ctx, parseParams(summarizeParams, { url }).url);
const mediaHits = () => replay.hits.filter((h) => h.path.endsWith(".mp4")).length;

describe("photosite transcript handler", () => {
  it("transcribes the reel's recorded video URL: text and timed segments from the ASR", async () => {
    const { data, source } = await transcript(withAsr, REEL);
    expect(source).toBe("graphql+direct+asr-fast");
    expect(data).toMatchObject({
      platform: "photosite",
      shortcode: "C10MvewSSYl",
      username: "ninamukhar",
      asrProvider: "asr-fast",
      language: "en",
      text: synthetic.transcript,
      source: "asr",
    });
    expect(data.id).toMatch(/^\d+$/);
    expect(data.segments.length).toBeGreaterThan(1);
    for (const s of data.segments) expect(s.endMs).toBeGreaterThan(s.startMs);
    expect(data.segments.map((s) => s.text).join(" ")).toBe(data.text);
    // The recording gives no video_duration: the speech file's length stands in.
    expect(data.durationSeconds).toBe(Math.round(synthetic.durationSeconds));
    expect(asr.received.at(-1)?.probe).toMatchObject({ sampleRateHz: 16000, channels: 1 });
  });

  it("an image-only carousel is 422 unsupported_url (not_a_video), before any download", async () => {
    const hits = mediaHits();
    const error = await serviceErrorOf(transcript(withAsr, IMAGE_CAROUSEL));
    expect(error.code).toBe("unsupported_url");
    expect(error.details).toMatchObject({ reason: "not_a_video", type: "carousel" });
    expect(mediaHits()).toBe(hits);
  });

  it("ASR not configured: 502 asr_unavailable, not retryable, nothing downloaded", async () => {
    const hits = mediaHits();
    const error = await serviceErrorOf(transcript(withoutAsr, REEL));
    expect(error.code).toBe("asr_unavailable");
    expect(error.retryable).toBe(false);
    expect(mediaHits()).toBe(hits);
  });
});

describe("photosite summarize handler", () => {
  it("offline: summarises the reel's caption and speech with the extractive summariser", async () => {
    const { data, source } = await summarize(withAsr, REEL);
    expect(source).toBe("graphql+direct+asr-fast+extractive");
    expect(data).toMatchObject({
      platform: "photosite",
      shortcode: "C10MvewSSYl",
      title: "Reel by @ninamukhar",
      language: "en",
      inputs: ["caption", "speech"],
    });
    expect(data.summary.length).toBeGreaterThan(0);
    expect(data.keyPoints.length).toBeGreaterThan(0);
    // Extractive: every key point is a sentence of the recorded caption or of the speech.
    const read = `${recordedCaption()} ${synthetic.transcript}`;
    for (const point of data.keyPoints) expect(read).toContain(point.slice(0, 20));
  });

  it("an image carousel is summarised from its caption alone (language und)", async () => {
    const { data, source } = await summarize(withoutAsr, IMAGE_CAROUSEL);
    expect(source).toBe("v1+extractive");
    expect(data).toMatchObject({ shortcode: "CAnqPB-Jzcj", inputs: ["caption"], language: "und" });
    expect(data.summary.length).toBeGreaterThan(0);
  });

  it("with an LLM: the prompt carries the title, the caption and the speech; source ends in +llm", async () => {
    const { data, source } = await summarize(withLlm, REEL);
    expect(source).toBe("graphql+direct+asr-fast+llm");
    expect(data.summary).toBe("A lesson about the tides, posted as an editorial reel.");
    expect(data.keyPoints).toHaveLength(2);
    const prompt =
      chat.received
        .at(-1)
        ?.messages.map((m) => m.content)
        .join("\n") ?? "";
    expect(prompt).toContain("Reel by @ninamukhar");
    expect(prompt).toContain("Can’t wait for this editorial");
    expect(prompt).toContain("Twice a day the sea rises along the coast");
  });

  it("a reel without ASR configured: 502 asr_unavailable (the speech is part of the summary)", async () => {
    const error = await serviceErrorOf(summarize(withoutAsr, REEL));
    expect(error.code).toBe("asr_unavailable");
  });
});
