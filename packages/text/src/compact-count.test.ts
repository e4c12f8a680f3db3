import { describe, expect, it } from "vitest";
import { countField, parseCount, parseIntegerString } from "./compact-count.ts";

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

describe("parseCount in the platforms' other display languages", () => {
  it("reads German grouping as exact and German multipliers as compact", () => {
    // comments-QqsLTNkzvaY (hl=de-DE): like labels and the comments header.
    expect(parseCount("19.924")).toEqual({ value: 19924, approximate: false });
    expect(parseCount("19.783\u00a0Kommentare")).toEqual({ value: 19783, approximate: false });
    expect(parseCount("3,4 Mio. Aufrufe")).toEqual({ value: 3_400_000, approximate: true });
    expect(parseCount("12.345 Mrd.")).toEqual({ value: 12_345_000_000, approximate: true });
    expect(parseCount("1,2 Tsd.")).toEqual({ value: 1200, approximate: true });
  });

  it("expands Indian, Romance, Slavic and CJK multipliers", () => {
    expect(parseCount("1.2 crore views")).toEqual({ value: 12_000_000, approximate: true });
    expect(parseCount("3.5 lakh subscribers")).toEqual({ value: 350_000, approximate: true });
    expect(parseCount("12 mil visualizaciones")).toEqual({ value: 12_000, approximate: true });
    expect(parseCount("2,5 mil millones")).toEqual({ value: 2_500_000_000, approximate: true });
    expect(parseCount("1,2 mi de visualizações")).toEqual({ value: 1_200_000, approximate: true });
    expect(parseCount("4,7 mln")).toEqual({ value: 4_700_000, approximate: true });
    expect(parseCount("1,3 млн просмотров")).toEqual({ value: 1_300_000, approximate: true });
    expect(parseCount("1.5万回視聴")).toEqual({ value: 15_000, approximate: true });
    expect(parseCount("2억")).toEqual({ value: 200_000_000, approximate: true });
  });

  it("reads Indian digit grouping without a multiplier as exact", () => {
    expect(parseCount("1,23,456 views")).toEqual({ value: 123_456, approximate: false });
  });

  it("does not read a word starting with a multiplier's letters as a multiplier", () => {
    expect(parseCount("3 minutes ago")).toEqual({ value: 3, approximate: false });
    expect(parseCount("vor 4 Monaten")).toEqual({ value: 4, approximate: false });
    expect(parseCount("5 mins")).toEqual({ value: 5, approximate: false });
  });
});

describe("countField", () => {
  it("keeps the label and flags compact counts", () => {
    expect(countField("1.8k views")).toEqual({ count: 1800, text: "1.8k views", isApproximate: true });
    expect(countField(" 58,959 views ")).toEqual({
      count: 58959,
      text: "58,959 views",
      isApproximate: false,
    });
  });

  it("gives nulls for a blank or missing label", () => {
    expect(countField(" ")).toEqual({ count: null, text: null, isApproximate: false });
    expect(countField(undefined)).toEqual({ count: null, text: null, isApproximate: false });
  });
});
