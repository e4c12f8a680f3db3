import { syntheticAudioCase } from "@sda/testing";
import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import type { Stack } from "./support/stack.ts";

// Issue 34 #6: `GET /v1/utilities/estimate` of an audio transcript made one unbilled platform read per call. Now a
// measured estimate is cached (an hour, shared) and the reads behind misses are limited per account (10 a minute),
// apart from the calls' own rate limit. The synthetic 75 s video is measured; the synthetic 95-minute one is refused
// (400 duration_too_long) after its read, so every one of its estimates is a read.
const ESTIMATE = "/v1/utilities/estimate";
const AUDIO = "/v1/videosite/audio-transcript";
const synth = syntheticAudioCase();
const READS_PER_MINUTE = 10;

const test = stackTest.extend("stackOptions", { scope: "file" }, { env: { RATE_LIMIT_PER_SECOND: "1000" } });

const upstreamReads = (stack: Stack) => stack.replay.hits.length;

describe("estimates that read the platform", () => {
  test("a measured estimate is answered from the cache the second time: no platform read, same answer", async ({
    stack,
  }) => {
    const { key } = await stack.account(10);
    const query = { path: AUDIO, url: `https://www.youtube.com/watch?v=${synth.videoId}` };
    const first = await stack.get(ESTIMATE, key, query);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.headers.get("x-service-cache")).toBe("BYPASS");
    const reads = upstreamReads(stack);
    expect(reads).toBeGreaterThan(0);
    const other = await stack.account(10);
    const again = await stack.get(ESTIMATE, other.key, query);
    expect(again.status).toBe(200);
    expect(again.headers.get("x-service-cache")).toBe("HIT");
    expect(again.headers.get("x-service-source")).toBe(first.headers.get("x-service-source"));
    expect(again.headers.get("x-service-credits")).toBe("0");
    expect(again.body.data).toEqual(first.body.data);
    expect(upstreamReads(stack)).toBe(reads);
    // Another maxCredits is another request: its refusal (cost_exceeds_max) is never hidden by the cached success.
    const capped = await stack.get(ESTIMATE, key, { ...query, maxCredits: "1" });
    expect(capped.status).toBe(400);
    expect(capped.body.error.code).toBe("cost_exceeds_max");
  });

  test("an account gets 10 uncached estimate reads a minute, then 429 before any read; cached ones still answer", async ({
    stack,
  }) => {
    const { key } = await stack.account(10);
    const long = { path: AUDIO, url: "https://www.youtube.com/watch?v=SynthLong01" };
    const statuses: number[] = [];
    for (let i = 0; i < READS_PER_MINUTE; i++) statuses.push((await stack.get(ESTIMATE, key, long)).status);
    expect(statuses).toEqual(Array(READS_PER_MINUTE).fill(400));
    const reads = upstreamReads(stack);
    const refused = await stack.get(ESTIMATE, key, long);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: "rate_limited", retryable: true });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(upstreamReads(stack)).toBe(reads);
    // A cached estimate and a price-rule estimate read nothing and are still answered.
    const cached = await stack.get(ESTIMATE, key, {
      path: AUDIO,
      url: `https://www.youtube.com/watch?v=${synth.videoId}`,
    });
    expect(cached.status).toBe(200);
    const rule = await stack.get(ESTIMATE, key, { path: "/v1/videosite/search", q: "lofi" });
    expect(rule.status).toBe(200);
    expect(upstreamReads(stack)).toBe(reads);
    // Another account has its own reads.
    const other = await stack.account(10);
    expect((await stack.get(ESTIMATE, other.key, long)).status).toBe(400);
  });
});
