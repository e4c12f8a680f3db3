import { describe, expect, it } from "vitest";
import { parseRelativeTime, relativeTimeField, truncateTime } from "./relative-time.ts";

// The Date header of comments-xaQJbozY_Is (first comments page) and comments-QqsLTNkzvaY.
const recorded = new Date("2026-01-26T18:01:08.000Z");

describe("parseRelativeTime", () => {
  it("resolves English labels against the response date, truncated to the label's precision", () => {
    expect(parseRelativeTime("4 years ago", recorded)).toEqual({
      iso: "2022-01-26T00:00:00.000Z",
      precision: "day",
    });
    expect(parseRelativeTime("3 weeks ago", recorded)).toEqual({
      iso: "2026-01-05T00:00:00.000Z",
      precision: "day",
    });
    expect(parseRelativeTime("10 months ago", recorded)?.iso).toBe("2025-03-26T00:00:00.000Z");
    expect(parseRelativeTime("7 days ago", recorded)?.iso).toBe("2026-01-19T00:00:00.000Z");
    expect(parseRelativeTime("2 hours ago", recorded)).toEqual({
      iso: "2026-01-26T16:00:00.000Z",
      precision: "hour",
    });
    expect(parseRelativeTime("5 minutes ago", recorded)).toEqual({
      iso: "2026-01-26T17:56:00.000Z",
      precision: "minute",
    });
    expect(parseRelativeTime("30 seconds ago", recorded)).toEqual({
      iso: "2026-01-26T18:00:38.000Z",
      precision: "second",
    });
    expect(parseRelativeTime("1 year ago", recorded)?.iso).toBe("2025-01-26T00:00:00.000Z");
    expect(parseRelativeTime("an hour ago", recorded)?.iso).toBe("2026-01-26T17:00:00.000Z");
  });

  it("ignores prefixes and edit markers around the label", () => {
    expect(parseRelativeTime("Streamed 2 days ago", recorded)?.iso).toBe("2026-01-24T00:00:00.000Z");
    expect(parseRelativeTime("Premiered 3 weeks ago", recorded)?.iso).toBe("2026-01-05T00:00:00.000Z");
    expect(parseRelativeTime("Updated 4 days ago", recorded)?.iso).toBe("2026-01-22T00:00:00.000Z");
    expect(parseRelativeTime("4 years ago (edited)", recorded)?.iso).toBe("2022-01-26T00:00:00.000Z");
  });

  it("reads localized labels", () => {
    expect(parseRelativeTime("vor 4 Jahren (bearbeitet)", recorded)?.iso).toBe("2022-01-26T00:00:00.000Z");
    expect(parseRelativeTime("vor 3 Wochen", recorded)?.iso).toBe("2026-01-05T00:00:00.000Z");
    expect(parseRelativeTime("vor 1 Tag", recorded)?.iso).toBe("2026-01-25T00:00:00.000Z");
    expect(parseRelativeTime("vor 2 Stunden", recorded)?.precision).toBe("hour");
    expect(parseRelativeTime("il y a 2 jours", recorded)?.iso).toBe("2026-01-24T00:00:00.000Z");
    expect(parseRelativeTime("il y a un an", recorded)?.iso).toBe("2025-01-26T00:00:00.000Z");
    expect(parseRelativeTime("hace 3 meses", recorded)?.iso).toBe("2025-10-26T00:00:00.000Z");
    expect(parseRelativeTime("há 5 anos", recorded)?.iso).toBe("2021-01-26T00:00:00.000Z");
    expect(parseRelativeTime("3 giorni fa", recorded)?.iso).toBe("2026-01-23T00:00:00.000Z");
    expect(parseRelativeTime("2 weken geleden", recorded)?.iso).toBe("2026-01-12T00:00:00.000Z");
    expect(parseRelativeTime("3 дня назад", recorded)?.iso).toBe("2026-01-23T00:00:00.000Z");
    expect(parseRelativeTime("3 日前", recorded)?.iso).toBe("2026-01-23T00:00:00.000Z");
    expect(parseRelativeTime("2시간 전", recorded)?.precision).toBe("hour");
  });

  it("steps months and years on the calendar, clamping the day", () => {
    const endOfMarch = new Date("2025-03-31T12:00:00Z");
    expect(parseRelativeTime("1 month ago", endOfMarch)?.iso).toBe("2025-02-28T00:00:00.000Z");
    expect(parseRelativeTime("1 year ago", new Date("2024-02-29T12:00:00Z"))?.iso).toBe(
      "2023-02-28T00:00:00.000Z",
    );
  });

  it("reads today, yesterday and just now", () => {
    expect(parseRelativeTime("Updated today", recorded)?.iso).toBe("2026-01-26T00:00:00.000Z");
    expect(parseRelativeTime("Updated yesterday", recorded)?.iso).toBe("2026-01-25T00:00:00.000Z");
    expect(parseRelativeTime("gestern", recorded)?.iso).toBe("2026-01-25T00:00:00.000Z");
    expect(parseRelativeTime("just now", recorded)?.iso).toBe("2026-01-26T18:01:00.000Z");
  });

  it("answers null for durations, future times, absolute dates and empty labels", () => {
    expect(parseRelativeTime("3 days", recorded)).toBeNull();
    expect(parseRelativeTime("Premieres in 3 days", recorded)).toBeNull();
    expect(parseRelativeTime("Scheduled for 1/28/26, 5:00 PM", recorded)).toBeNull();
    expect(parseRelativeTime("Jan 5, 2024", recorded)).toBeNull();
    expect(parseRelativeTime("", recorded)).toBeNull();
    expect(parseRelativeTime(null, recorded)).toBeNull();
  });
});

describe("relativeTimeField", () => {
  it("keeps the label beside the approximate time", () => {
    expect(relativeTimeField(" 13 days ago ", recorded)).toEqual({
      text: "13 days ago",
      iso: "2026-01-13T00:00:00.000Z",
      isApproximate: true,
    });
    expect(relativeTimeField("Scheduled for tomorrow", recorded)).toEqual({
      text: "Scheduled for tomorrow",
      iso: null,
      isApproximate: false,
    });
  });
});

it("truncateTime truncates in UTC", () => {
  const date = new Date("2026-01-26T18:01:08.123Z");
  expect(truncateTime(date, "minute").toISOString()).toBe("2026-01-26T18:01:00.000Z");
  expect(truncateTime(date, "second").toISOString()).toBe("2026-01-26T18:01:08.000Z");
});
