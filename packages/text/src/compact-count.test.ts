import { describe, expect, it } from "vitest";
import { parseCount, parseIntegerString } from "./compact-count.ts";

describe("parseCount", () => {
  it("reads exact counts with thousands separators as exact", () => {
    expect(parseCount("12,916 views")).toEqual({ value: 12916, approximate: false });
    expect(parseCount("like this video along with 5,471,574 other people")).toEqual({
      value: 5471574,
      approximate: false,
    });
    expect(parseCount("72")).toEqual({ value: 72, approximate: false });
    expect(parseCount("7 likes")).toEqual({ value: 7, approximate: false });
  });

  it("expands compact labels and marks them approximate", () => {
    expect(parseCount("5.4m")).toEqual({ value: 5_400_000, approximate: true });
    expect(parseCount("1.2K likes")).toEqual({ value: 1200, approximate: true });
    expect(parseCount("501k")).toEqual({ value: 501_000, approximate: true });
    expect(parseCount("2.7K")).toEqual({ value: 2700, approximate: true });
    expect(parseCount("23.2 thousand subscribers")).toEqual({ value: 23_200, approximate: true });
    expect(parseCount("1.52 million subscribers")).toEqual({ value: 1_520_000, approximate: true });
    expect(parseCount("2B")).toEqual({ value: 2_000_000_000, approximate: true });
  });

  it("takes a single comma before a multiplier as the decimal mark", () => {
    expect(parseCount("1,5K")).toEqual({ value: 1500, approximate: true });
  });

  it("does not read a word starting with k/m/b as a multiplier", () => {
    expect(parseCount("3 months ago")).toEqual({ value: 3, approximate: false });
    expect(parseCount("12 billboards")).toEqual({ value: 12, approximate: false });
  });

  it("answers null when there is no number", () => {
    expect(parseCount("Like")).toBeNull();
    expect(parseCount("")).toBeNull();
    expect(parseCount(undefined)).toBeNull();
  });
});

describe("parseIntegerString", () => {
  it("reads decimal strings and safe integers only", () => {
    expect(parseIntegerString("12916")).toBe(12916);
    expect(parseIntegerString("0")).toBe(0);
    expect(parseIntegerString(42)).toBe(42);
    expect(parseIntegerString("12k")).toBeNull();
    expect(parseIntegerString("-1")).toBeNull();
    expect(parseIntegerString(undefined)).toBeNull();
    expect(parseIntegerString("99999999999999999999")).toBeNull();
  });
});
