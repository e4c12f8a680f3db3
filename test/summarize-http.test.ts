import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";

const SUMMARIZE = "/v1/videosite/summarize";
const TRANSCRIPT = "/v1/videosite/transcript";
const watch = (id: string) => `https://www.youtube.com/watch?v=${id}`;

describe("summaries over HTTP without an LLM (extractive, offline)", () => {
  stackTest("200 with SPEC §2.5 fields for M4gD1WSo5mA, 3 credits", async ({ stack }) => {
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

  stackTest("the transcript operation's 404s, with the same body, for 0 credits", async ({ stack }) => {
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

  stackTest("cache=true: a stored summary is a free HIT", async ({ stack }) => {
    const { key, accountId } = await stack.account();
    await stack.get(SUMMARIZE, key, { url: watch("rCAS2eD-mcw") });
    const hit = await stack.get(SUMMARIZE, key, { url: watch("rCAS2eD-mcw"), cache: "true" });
    expect(hit.headers.get("x-service-cache")).toBe("HIT");
    expect(hit.headers.get("x-service-credits")).toBe("0");
    expect(await stack.ledger.balance(accountId)).toBe(97);
  });
});
