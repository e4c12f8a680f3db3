import { describe, expect, it } from "vitest";
import { audioCredits, fixed, perAudioMinute, perPage, perResult } from "./price.ts";

describe("price rules", () => {
  it("fixed: the price on success, 0 on an empty list unless told otherwise", () => {
    expect(fixed(2).charge({}, {})).toBe(2);
    expect(fixed(2).charge({}, { count: 0 })).toBe(0);
    expect(fixed(2, { chargeEmpty: true }).charge({}, { count: 0 })).toBe(2);
    expect(fixed(2).max({})).toBe(2);
  });

  it("perPage: 2 credits per started page of 20", () => {
    const rule = perPage(2, 20);
    expect([0, 1, 20, 21, 40, 200].map((n) => rule.charge({}, { count: n }))).toEqual([0, 2, 2, 4, 4, 20]);
    expect(rule.max({ limit: 45 })).toBe(6);
  });

  it("perResult: ceil(n × rate) without binary rounding surprises", () => {
    const rule = perResult(0.3, 12);
    expect([0, 1, 10, 12, 100].map((n) => rule.charge({}, { count: n }))).toEqual([0, 1, 3, 4, 30]);
    expect(perResult(0.9, 50).charge({}, { count: 50 })).toBe(45);
    expect(perResult(1.4, 20).charge({}, { count: 20 })).toBe(28);
    expect(rule.max({ limit: 100 })).toBe(30);
  });

  it("perAudioMinute: ceil(seconds / 60) × 2, billed on cache hits", () => {
    expect(audioCredits(74.8)).toBe(4);
    expect(audioCredits(60)).toBe(2);
    expect(audioCredits(5700)).toBe(190);
    const rule = perAudioMinute(2);
    expect(rule.max({})).toBeNull();
    expect(rule.billCacheHits).toBe(true);
    expect(rule.charge({}, { durationSeconds: 121 })).toBe(6);
  });

  it("perAudioMinute: a price above maxCredits (a cache hit of a longer video) is refused, not charged", () => {
    const rule = perAudioMinute(2);
    expect(rule.charge({ maxCredits: 4 }, { credits: 4 })).toBe(4);
    expect(() => rule.charge({ maxCredits: 3 }, { credits: 4 })).toThrow(
      expect.objectContaining({ code: "cost_exceeds_max", details: { estimatedCredits: 4, maxCredits: 3 } }),
    );
  });
});
