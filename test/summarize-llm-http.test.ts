import { startFakeChat } from "@sda/testing";
import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";

// Summaries with an LLM provider: a fake OpenAI-compatible chat server answering `answer` (set per test).
const SUMMARIZE = "/v1/videosite/summarize";
const watch = (id: string) => `https://www.youtube.com/watch?v=${id}`;

let answer = "";
const test = stackTest
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this destructuring
  .extend("chat", { scope: "file" }, async ({}, { onCleanup }) => {
    const chat = await startFakeChat(() => ({ content: answer }), { apiKey: "sk-llm" });
    onCleanup(() => chat.close());
    return chat;
  })
  .extend("stackOptions", { scope: "file" }, ({ chat }) => ({
    env: { LLM_BASE_URL: chat.baseUrl, LLM_API_KEY: "sk-llm", LLM_MODEL: "summary-model" },
  }));

describe("summaries over HTTP with an LLM", () => {
  test("200 with the model's validated summary, 3 credits", async ({ stack, chat }) => {
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

  test("a model that keeps answering invalid JSON: 502 summary_failed, retryable, not billed", async ({
    stack,
  }) => {
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
