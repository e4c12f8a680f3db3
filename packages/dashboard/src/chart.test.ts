import { describe, expect, it } from "vitest";
import { lastDays, usageChart } from "./chart.ts";

const NOW = new Date("2026-11-24T12:00:00Z");

describe("usage chart", () => {
  it("lists the last N UTC days oldest first", () => {
    expect(lastDays(3, NOW)).toEqual(["2026-11-22", "2026-11-23", "2026-11-24"]);
  });

  it("stacks credits per day by operation, escapes names and lists them in a legend", () => {
    const svg = usageChart(
      [
        { day: "2026-11-24", operation: "videosite.transcript", calls: 3, succeeded: 3, credits: 3 },
        { day: "2026-11-24", operation: "<x>", calls: 1, succeeded: 1, credits: 1 },
        { day: "2026-11-23", operation: "videosite.transcript", calls: 2, succeeded: 1, credits: 1 },
        { day: "2026-11-23", operation: "free.op", calls: 5, succeeded: 5, credits: 0 },
      ],
      7,
      NOW,
    ).value;
    expect(svg.match(/<rect /g)).toHaveLength(3);
    expect(svg).toContain("2026-11-24 · videosite.transcript: 3 credits");
    expect(svg).toContain("&lt;x&gt;");
    expect(svg).not.toContain("<x>");
    expect(svg).not.toContain("free.op");
    expect(svg).toContain("5 credits over the last 7 days");
  });

  it("says so when nothing was spent", () => {
    expect(usageChart([], 30, NOW).value).toContain("No credits used in this period.");
  });
});
