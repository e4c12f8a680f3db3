import { parseParams } from "@sda/contract";
import { splitSentences } from "@sda/summarize";
import { serviceErrorOf, startFakeChat } from "@sda/testing";
import { describe, expect } from "vitest";
import { type VideositeTestContext, videositeTest } from "../../test/fixtures.ts";
import { summarizeParams } from "../spec/summarize.ts";
import { transcriptParams } from "../spec/transcript.ts";
import { getSummary } from "./summarize.ts";
import { getTranscript } from "./transcript.ts";

/** What the fake chat model answers next. */
let chatAnswer = "";

/**
 * `ctx` (no LLM configured) summarises offline; `withLlm` is a context on the same replay whose LLM is `chat`, a fake
 * chat server for the file. `summarize(query, ctx?)` and `transcript(query)` parse raw parameters like the gateway.
 */
const test = videositeTest
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from its destructuring.
  .extend("chat", { scope: "file" }, async ({}, { onCleanup }) => {
    const chat = await startFakeChat(() => ({ content: chatAnswer }));
    onCleanup(() => chat.close());
    return chat;
  })
  .extend("withLlm", { scope: "file" }, ({ contextWith, chat }) =>
    contextWith({ LLM_BASE_URL: chat.baseUrl, LLM_MODEL: "summary-model" }),
  )
  .extend(
    "summarize",
    ({ ctx }) =>
      async (query: Record<string, string>, on: VideositeTestContext = ctx) =>
        getSummary(parseParams(summarizeParams, query), on),
  )
  .extend(
    "transcript",
    ({ ctx }) =>
      async (query: Record<string, string>) =>
        getTranscript(parseParams(transcriptParams, query), ctx),
  );
const watch = (id: string) => `https://www.youtube.com/watch?v=${id}`;
const normalise = (text: string) => text.replace(/\s+/g, " ");

describe("GET /v1/videosite/summarize: offline (extractive)", () => {
  test("summarises M4gD1WSo5mA's manual English track from its own sentences", async ({
    summarize,
    transcript,
  }) => {
    const { data, source } = await summarize({ url: watch("M4gD1WSo5mA") });
    const { data: captions } = await transcript({ url: watch("M4gD1WSo5mA") });
    expect(source).toBe("innertube:android+timedtext:json3+extractive");
    expect(data).toMatchObject({
      url: watch("M4gD1WSo5mA"),
      videoId: "M4gD1WSo5mA",
      title: captions.title,
      language: "en",
      sentiment: "neutral",
    });
    const text = normalise(captions.text);
    const sentences = data.summary.split("\n\n").flatMap((p) => splitSentences(p, [], "en"));
    expect(sentences.length).toBeGreaterThanOrEqual(3);
    for (const sentence of sentences) expect(text).toContain(sentence);
    expect(data.keyPoints.length).toBe(5);
    for (const point of data.keyPoints) expect(text).toContain(point);
    expect(data.topics).toContain("copyright");
    for (const topic of data.topics) expect(text.toLowerCase()).toContain(topic.toLowerCase());
  });

  test("writes in the caption track's language: German for ud9d5cMDP_0, the Japanese dub track when asked", async ({
    summarize,
  }) => {
    const german = await summarize({ url: watch("ud9d5cMDP_0") });
    expect(german.data.language).toBe("de");
    expect(german.data.summary).toContain("Vitamin D");
    const japanese = await summarize({ url: watch("kX3nB4PpJko"), language: "ja" });
    expect(japanese.data.language).toBe("ja");
    expect(japanese.data.summary).toMatch(/\p{Script=Katakana}/u);
  });

  test("cuts an unpunctuated auto-generated track (7PIMiDcwNvc) into sentences", async ({ summarize }) => {
    const { data } = await summarize({ url: watch("7PIMiDcwNvc") });
    const sentences = data.summary.split(/(?<=\.)\s+/);
    expect(sentences.length).toBeGreaterThanOrEqual(3);
    for (const s of sentences) expect(s).toMatch(/^\p{Lu}.*\.$/u);
  });

  test("answers the transcript operation's 404s with the same diagnostics", async ({
    summarize,
    transcript,
  }) => {
    const queries: Record<string, string>[] = [
      { url: watch("Fjg5lYqvzUs") },
      { url: watch("ud9d5cMDP_0"), language: "ja" },
      { url: watch("8VajtrESJzA") },
    ];
    for (const query of queries) {
      const fromSummary = await serviceErrorOf(summarize(query));
      const fromTranscript = await serviceErrorOf(transcript(query));
      expect(fromSummary.code).toBe(fromTranscript.code);
      expect(fromSummary.status).toBe(404);
      expect(fromSummary.details).toEqual(fromTranscript.details);
    }
  });
});

describe("GET /v1/videosite/summarize: with an LLM", () => {
  test("sends the transcript to the chat model and returns its validated summary", async ({
    summarize,
    withLlm,
    chat,
  }) => {
    chatAnswer = JSON.stringify({
      summary: "A lecture on drama and choreography in copyright law.",
      keyPoints: ["Dramatic works have long been protected."],
      topics: ["copyright", "choreography"],
      sentiment: "neutral",
    });
    const before = chat.received.length;
    const { data, source } = await summarize({ url: watch("M4gD1WSo5mA") }, withLlm);
    expect(source).toBe("innertube:android+timedtext:json3+llm");
    expect(data).toMatchObject({
      videoId: "M4gD1WSo5mA",
      summary: "A lecture on drama and choreography in copyright law.",
      topics: ["copyright", "choreography"],
      language: "en",
    });
    const request = chat.received[before];
    expect(request?.model).toBe("summary-model");
    expect(request?.messages[1]?.content).toContain("[0:00] In this segment we turn to two kinds of works");
  });

  test("two invalid answers are a retryable 502 summary_failed", async ({ summarize, withLlm }) => {
    chatAnswer = "I cannot summarise this.";
    const error = await serviceErrorOf(summarize({ url: watch("M4gD1WSo5mA") }, withLlm));
    expect(error).toMatchObject({ code: "summary_failed", status: 502, retryable: true });
  });
});
