import { describe, expect, it } from "vitest";
import { epochSecondsToIso, parseDateLabel, toUtcIso } from "./dates.ts";

describe("toUtcIso", () => {
  it("converts a timestamp with an offset to UTC with milliseconds", () => {
    // publishDate of M4gD1WSo5mA (WEB microformat).
    expect(toUtcIso("2015-01-27T21:14:36-08:00")).toBe("2015-01-28T05:14:36.000Z");
    expect(toUtcIso("2019-10-31T20:02:52+00:00")).toBe("2019-10-31T20:02:52.000Z");
    expect(toUtcIso("2020-01-01T00:00:00Z")).toBe("2020-01-01T00:00:00.000Z");
  });

  it("reads a date alone as midnight UTC of that day", () => {
    expect(toUtcIso("2008-09-22")).toBe("2008-09-22T00:00:00.000Z");
  });

  it("rejects anything else", () => {
    expect(toUtcIso("2023-02-30")).toBeNull();
    expect(toUtcIso("Sep 22, 2008")).toBeNull();
    expect(toUtcIso("")).toBeNull();
    expect(toUtcIso(null)).toBeNull();
  });
});

describe("epochSecondsToIso", () => {
  it("converts epoch seconds given as a string or a number", () => {
    expect(epochSecondsToIso("1780892722")).toBe("2026-06-08T04:25:22.000Z");
    expect(epochSecondsToIso(1677592800)).toBe("2023-02-28T14:00:00.000Z");
  });

  it("answers null for anything that is not a positive integer", () => {
    expect(epochSecondsToIso("0")).toBeNull();
    expect(epochSecondsToIso("12.5")).toBeNull();
    expect(epochSecondsToIso(null)).toBeNull();
  });
});

describe("parseDateLabel", () => {
  it("reads English month-name dates in both orders", () => {
    expect(parseDateLabel("Joined Sep 22, 2008")).toBe("2008-09-22");
    expect(parseDateLabel("Last updated on Jan 5, 2024")).toBe("2024-01-05");
    expect(parseDateLabel("Streamed live on March 3, 2023")).toBe("2023-03-03");
    expect(parseDateLabel("22 Sept 2008")).toBe("2008-09-22");
    expect(parseDateLabel("2008-09-22")).toBe("2008-09-22");
  });

  it("answers null for relative labels and impossible dates", () => {
    expect(parseDateLabel("4 years ago")).toBeNull();
    expect(parseDateLabel("Feb 30, 2023")).toBeNull();
    expect(parseDateLabel(undefined)).toBeNull();
  });
});
