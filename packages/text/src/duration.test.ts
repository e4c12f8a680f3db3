import { describe, expect, it } from "vitest";
import { formatDuration, parseDurationText } from "./duration.ts";

describe("formatDuration", () => {
  it("writes m:ss below an hour and h:mm:ss from an hour", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(11)).toBe("0:11");
    expect(formatDuration(721)).toBe("12:01");
    expect(formatDuration(3600)).toBe("1:00:00");
    expect(formatDuration(3723)).toBe("1:02:03");
    expect(formatDuration(14571615)).toBe("4047:40:15");
  });

  it("floors fractional and negative input", () => {
    expect(formatDuration(59.9)).toBe("0:59");
    expect(formatDuration(-5)).toBe("0:00");
  });
});

describe("parseDurationText", () => {
  it("reads m:ss and h:mm:ss", () => {
    expect(parseDurationText("0:11")).toBe(11);
    expect(parseDurationText("2:16")).toBe(136);
    expect(parseDurationText(" 1:07:34 ")).toBe(4054);
    expect(parseDurationText("4047:40:15")).toBe(14571615);
  });

  it("answers null for badges and malformed clocks", () => {
    expect(parseDurationText("LIVE")).toBeNull();
    expect(parseDurationText("SHORTS")).toBeNull();
    expect(parseDurationText("1:75")).toBeNull();
    expect(parseDurationText(undefined)).toBeNull();
  });
});
