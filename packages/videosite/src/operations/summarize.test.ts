import { type OperationContext, parseParams } from "@sda/core";
import type { ReplayServer } from "@sda/replay";
import { splitSentences } from "@sda/summarize";
import { type FakeChatServer, serviceErrorOf, startFakeChat, startReplay, testContext } from "@sda/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { summarizeParams } from "../spec/summarize.ts";
import { transcriptParams } from "../spec/transcript.ts";
import { getSummary } from "./summarize.ts";
import { getTranscript } from "./transcript.ts";

let replay: ReplayServer;
let chat: FakeChatServer;
let offline: OperationContext;
let withLlm: OperationContext;
let chatAnswer = "";

beforeAll(async () => {
  replay = await startReplay();
  chat = await startFakeChat(() => ({ content: chatAnswer }));
  offline = testContext(replay);
  withLlm = testContext(replay, { config: { LLM_BASE_URL: chat.baseUrl, LLM_MODEL: "summary-model" } });
});
afterAll(async () => {
  offline.redis.disconnect();
  withLlm.redis.disconnect();
  await chat.close();
  await replay.close();
});

const watch = (id: string) => `https://www.youtube.com/watch?v=${id}`;
const summarize = (query: Record<string, string>, ctx = offline) =>
  getSummary(parseParams(summarizeParams, query), ctx);
const transcript = (query: Record<string, string>) =>
  getTranscript(parseParams(transcriptParams, query), offline);
const normalise = (text: string) => text.replace(/\s+/g, " ");

const failure = serviceErrorOf;

describe("GET /v1/videosite/summarize: offline (extractive)", () => {
  it("summarises M4gD1WSo5mA's manual English track from its own sentences", async () => {
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

  it("writes in the caption track's language: German for ud9d5cMDP_0, the Japanese dub track when asked", async () => {
    const german = await summarize({ url: watch("ud9d5cMDP_0") });
    expect(german.data.language).toBe("de");
    expect(german.data.summary).toContain("Vitamin D");
    const japanese = await summarize({ url: watch("kX3nB4PpJko"), language: "ja" });
    expect(japanese.data.language).toBe("ja");
    expect(japanese.data.summary).toMatch(/\p{Script=Katakana}/u);
  });

  it("cuts an unpunctuated auto-generated track (7PIMiDcwNvc) into sentences", async () => {
    const { data } = await summarize({ url: watch("7PIMiDcwNvc") });
    const sentences = data.summary.split(/(?<=\.)\s+/);
    expect(sentences.length).toBeGreaterThanOrEqual(3);
    for (const s of sentences) expect(s).toMatch(/^\p{Lu}.*\.$/u);
  });

  it("answers the transcript operation's 404s with the same diagnostics", async () => {
    const queries: Record<string, string>[] = [
      { url: watch("Fjg5lYqvzUs") },
      { url: watch("ud9d5cMDP_0"), language: "ja" },
      { url: watch("8VajtrESJzA") },
    ];
    for (const query of queries) {
      const fromSummary = await failure(summarize(query));
      const fromTranscript = await failure(transcript(query));
      expect(fromSummary.code).toBe(fromTranscript.code);
      expect(fromSummary.status).toBe(404);
      expect(fromSummary.details).toEqual(fromTranscript.details);
    }
  });
});

describe("GET /v1/videosite/summarize: with an LLM", () => {
  it("sends the transcript to the chat model and returns its validated summary", async () => {
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

  it("two invalid answers are a retryable 502 summary_failed", async () => {
    chatAnswer = "I cannot summarise this.";
    const error = await failure(summarize({ url: watch("M4gD1WSo5mA") }, withLlm));
    expect(error).toMatchObject({ code: "summary_failed", status: 502, retryable: true });
  });
});
