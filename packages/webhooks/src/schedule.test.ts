import { describe, expect, it } from "vitest";
import { RETRY_SCHEDULE_MS } from "./config.ts";
import { judgeAttempt } from "./schedule.ts";
import { parseRetryAfter } from "./send.ts";

const config = { retryScheduleMs: RETRY_SCHEDULE_MS, retryAfterMaxMs: 3_600_000 };
const result = (statusCode?: number, retryAfterMs?: number) => ({
  startedAt: new Date(0),
  durationMs: 5,
  ...(statusCode === undefined ? { error: "connect ECONNREFUSED" } : { statusCode }),
  ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
});

describe("judgeAttempt", () => {
  it("documents the schedule: 8 attempts, 5 s … 10 h apart", () => {
    expect(RETRY_SCHEDULE_MS).toEqual([
      5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
    ]);
  });

  it("2xx succeeds, 410 ends the delivery, everything else retries on the schedule", () => {
    expect(judgeAttempt(result(204), 1, config)).toEqual({ kind: "succeeded" });
    expect(judgeAttempt(result(410), 1, config)).toEqual({ kind: "failed", reason: "gone" });
    expect(judgeAttempt(result(500), 1, config)).toEqual({ kind: "retry", delayMs: 5_000 });
    expect(judgeAttempt(result(302), 2, config)).toEqual({ kind: "retry", delayMs: 300_000 });
    expect(judgeAttempt(result(), 7, config)).toEqual({ kind: "retry", delayMs: 36_000_000 });
    expect(judgeAttempt(result(500), 8, config)).toEqual({ kind: "failed", reason: "retries_exhausted" });
  });

  it("honours Retry-After on 429 and 503 only, capped at retryAfterMaxMs", () => {
    expect(judgeAttempt(result(429, 120_000), 1, config)).toEqual({ kind: "retry", delayMs: 120_000 });
    expect(judgeAttempt(result(503, 86_400_000), 1, config)).toEqual({ kind: "retry", delayMs: 3_600_000 });
    expect(judgeAttempt(result(500, 120_000), 1, config)).toEqual({ kind: "retry", delayMs: 5_000 });
    expect(judgeAttempt(result(429), 1, config)).toEqual({ kind: "retry", delayMs: 5_000 });
  });

  it("a replay is one attempt", () => {
    expect(judgeAttempt(result(500), 9, config, true)).toEqual({ kind: "failed", reason: "replay_failed" });
    expect(judgeAttempt(result(200), 9, config, true)).toEqual({ kind: "succeeded" });
  });
});

describe("parseRetryAfter", () => {
  const now = new Date("2026-11-24T03:00:00Z");
  it("reads seconds and HTTP dates; ignores garbage", () => {
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter("Tue, 24 Nov 2026 03:01:30 GMT", now)).toBe(90_000);
    expect(parseRetryAfter("Tue, 24 Nov 2026 02:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("-5", now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
