import { parseParams } from "@sda/contract";
import { defaultCorpusDir, serviceErrorOf, startFakeChat } from "@sda/testing";
import { describe, expect } from "vitest";
import { caseJson } from "../../test/corpus.ts";
import { type PhotositeTestContext, photositeTest } from "../../test/fixtures.ts";
import { startFakeAsrFor, writeSyntheticReelMedia } from "../../test/reel-media.ts";
import { summarizeParams } from "../spec/summarize.ts";
import { transcriptParams } from "../spec/transcript.ts";
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

/**
 * The photosite fixtures on the recorded corpus plus a synthetic case (the reel's recorded video URLs serve a speech
 * file), a fake ASR provider that transcribes it, a fake LLM, and a context per configuration: `withAsr`,
 * `withoutAsr` (no ASR configured), `withLlm` (ASR and LLM).
 */
const test = photositeTest
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from its destructuring.
  .extend("synthetic", { scope: "file" }, ({}, { onCleanup }) => writeSyntheticReelMedia(onCleanup))
  .extend("replayDirs", { scope: "file" }, ({ synthetic }) => [
    defaultCorpusDir(process.env.CORPUS_DIR),
    synthetic.dir,
  ])
  .extend("asr", { scope: "file" }, ({ synthetic }, { onCleanup }) => startFakeAsrFor(synthetic, onCleanup))
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from its destructuring.
  .extend("chat", { scope: "file" }, async ({}, { onCleanup }) => {
    const chat = await startFakeChat(() => ({
      content: JSON.stringify({
        summary: "A lesson about the tides, posted as an editorial reel.",
        keyPoints: ["The Moon causes the tides.", "Spring and neap tides follow the Sun."],
        topics: ["tides", "moon"],
        sentiment: "positive",
      }),
    }));
    onCleanup(() => chat.close());
    return chat;
  })
  .extend("withAsr", ({ contextWith, asr }) => contextWith({ ASR_FAST_BASE_URL: asr.baseUrl }))
  .extend("withoutAsr", ({ contextWith }) => contextWith())
  .extend("withLlm", ({ contextWith, asr, chat }) =>
    contextWith({ ASR_FAST_BASE_URL: asr.baseUrl, LLM_BASE_URL: chat.baseUrl }),
  )
  .extend(
    "mediaHits",
    ({ replay }) =>
      () =>
        replay.hits.filter((h) => h.path.endsWith(".mp4")).length,
  );

const transcript = (ctx: PhotositeTestContext, url: string) =>
  getReelTranscript(ctx, parseParams(transcriptParams, { url }).url);
const summarize = (ctx: PhotositeTestContext, url: string) =>
  getPostSummary(ctx, parseParams(summarizeParams, { url }).url);

describe("photosite transcript handler", () => {
  test("transcribes the reel's recorded video URL: text and timed segments from the ASR", async ({
    withAsr,
    synthetic,
    asr,
  }) => {
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

  test("an image-only carousel is 422 unsupported_url (not_a_video), before any download", async ({
    withAsr,
    mediaHits,
  }) => {
    const hits = mediaHits();
    const error = await serviceErrorOf(transcript(withAsr, IMAGE_CAROUSEL));
    expect(error.code).toBe("unsupported_url");
    expect(error.details).toMatchObject({ reason: "not_a_video", type: "carousel" });
    expect(mediaHits()).toBe(hits);
  });

  test("ASR not configured: 502 asr_unavailable, not retryable, nothing downloaded", async ({
    withoutAsr,
    mediaHits,
  }) => {
    const hits = mediaHits();
    const error = await serviceErrorOf(transcript(withoutAsr, REEL));
    expect(error.code).toBe("asr_unavailable");
    expect(error.retryable).toBe(false);
    expect(mediaHits()).toBe(hits);
  });
});

describe("photosite summarize handler", () => {
  test("offline: summarises the reel's caption and speech with the extractive summariser", async ({
    withAsr,
    synthetic,
  }) => {
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

  test("an image carousel is summarised from its caption alone (language und)", async ({ withoutAsr }) => {
    const { data, source } = await summarize(withoutAsr, IMAGE_CAROUSEL);
    expect(source).toBe("v1+extractive");
    expect(data).toMatchObject({ shortcode: "CAnqPB-Jzcj", inputs: ["caption"], language: "und" });
    expect(data.summary.length).toBeGreaterThan(0);
  });

  test("with an LLM: the prompt carries the title, the caption and the speech; source ends in +llm", async ({
    withLlm,
    chat,
  }) => {
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

  test("a reel without ASR configured: 502 asr_unavailable (the speech is part of the summary)", async ({
    withoutAsr,
  }) => {
    const error = await serviceErrorOf(summarize(withoutAsr, REEL));
    expect(error.code).toBe("asr_unavailable");
  });
});
