import { type FakeChatServer, startFakeChat } from "@sda/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Stack, startStack } from "./support/stack.ts";

const SUMMARIZE = "/v1/videosite/summarize";
const TRANSCRIPT = "/v1/videosite/transcript";
const watch = (id: string) => `https://www.youtube.com/watch?v=${id}`;

describe("summaries over HTTP without an LLM (extractive, offline)", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  it("200 with SPEC §2.5 fields for M4gD1WSo5mA, 3 credits", async () => {
    const { key, accountId } = await stack.account();
    const response = await stack.get(SUMMARIZE, key, { url: watch("M4gD1WSo5mA") });
    expect(response.status).toBe(200);
    const data = response.body.data;
    expect(data).toMatchObject({ url: watch("M4gD1WSo5mA"), videoId: "M4gD1WSo5mA", language: "en" });
    expect(data.title).toContain("CopyrightX");
    expect(data.summary.length).toBeGreaterThan(100);
    expect(data.keyPoints.length).toBeGreaterThan(0);
    expect(data.topics.length).toBeGreaterThan(0);
    expect(["positive", "neutral", "negative"]).toContain(data.sentiment);
    expect(response.headers.get("x-service-source")).toBe("innertube:android+timedtext:json3+extractive");
    expect(response.headers.get("x-service-credits")).toBe("3");
    expect(await stack.ledger.balance(accountId)).toBe(97);
  });

  it("the transcript operation's 404s, with the same body, for 0 credits", async () => {
    const { key, accountId } = await stack.account();
    const queries: Record<string, string>[] = [
      { url: watch("Fjg5lYqvzUs") },
      { url: watch("ud9d5cMDP_0"), language: "ja" },
    ];
    for (const query of queries) {
      const summary = await stack.get(SUMMARIZE, key, query);
      const transcript = await stack.get(TRANSCRIPT, key, query);
      expect(summary.status).toBe(404);
      const { requestId: _a, ...summaryError } = summary.body.error;
      const { requestId: _b, ...transcriptError } = transcript.body.error;
      expect(summaryError).toEqual(transcriptError);
      expect(summary.headers.get("x-service-credits")).toBe("0");
    }
    expect(await stack.ledger.balance(accountId)).toBe(100);
  });

  it("cache=true: a stored summary is a free HIT", async () => {
    const { key, accountId } = await stack.account();
    await stack.get(SUMMARIZE, key, { url: watch("rCAS2eD-mcw") });
    const hit = await stack.get(SUMMARIZE, key, { url: watch("rCAS2eD-mcw"), cache: "true" });
    expect(hit.headers.get("x-service-cache")).toBe("HIT");
    expect(hit.headers.get("x-service-credits")).toBe("0");
    expect(await stack.ledger.balance(accountId)).toBe(97);
  });
});

describe("summaries over HTTP with an LLM", () => {
  let stack: Stack;
  let chat: FakeChatServer;
  let answer = "";
  beforeAll(async () => {
    chat = await startFakeChat(() => ({ content: answer }), { apiKey: "sk-llm" });
    stack = await startStack({
      env: { LLM_BASE_URL: chat.baseUrl, LLM_API_KEY: "sk-llm", LLM_MODEL: "summary-model" },
    });
  });
  afterAll(async () => {
    await stack.close();
    await chat.close();
  });

  it("200 with the model's validated summary, 3 credits", async () => {
    answer = JSON.stringify({
      summary: "Vitamin D is the most popular supplement in Germany.\n\nToo much of it can harm.",
      keyPoints: ["Vitamin D is a hormone precursor."],
      topics: ["Vitamin D"],
      sentiment: "neutral",
    });
    const { key, accountId } = await stack.account();
    const response = await stack.get(SUMMARIZE, key, { url: watch("ud9d5cMDP_0") });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      videoId: "ud9d5cMDP_0",
      topics: ["Vitamin D"],
      language: "de",
    });
    expect(response.headers.get("x-service-source")).toBe("innertube:android+timedtext:json3+llm");
    expect(chat.received.at(-1)?.messages[0]?.content).toContain("German (language code de)");
    expect(await stack.ledger.balance(accountId)).toBe(97);
  });

  it("a model that keeps answering invalid JSON: 502 summary_failed, retryable, not billed", async () => {
    answer = "Here is your summary: the video is about vitamins.";
    const { key, accountId } = await stack.account();
    const response = await stack.get(SUMMARIZE, key, { url: watch("ud9d5cMDP_0") });
    expect(response.status).toBe(502);
    expect(response.body.error).toMatchObject({
      code: "summary_failed",
      retryable: true,
      reason: "invalid_json",
    });
    expect(response.headers.get("x-service-credits")).toBe("0");
    expect(await stack.ledger.balance(accountId)).toBe(100);
  });
});
