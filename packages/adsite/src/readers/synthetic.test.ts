import { describe, expect, it } from "vitest";
import { syntheticBody } from "../../test/corpus.ts";
import "../spec.ts";
import { readConnection } from "./connection.ts";
import { graphqlData } from "./graphql.ts";
import { pageResults, readLibraryPage } from "./page.ts";
import { parseDisplayRange } from "./ranges.ts";

// What the recordings cannot show, read on the package's own synthetic cases (test/synthetic/, every entry marked
// `_synthetic`): an inactive political ad, a repeated ad, GraphQL errors.

const batchOf = (caseId: string, index = 0) =>
  readConnection(pageResults(readLibraryPage(syntheticBody(caseId, index))).connection);

describe("synthetic-search-political", () => {
  const batch = batchOf("synthetic-search-political");

  it("drops the repeated ad (first kept) and numbers the rest as served", () => {
    expect(batch.count).toBe(4);
    expect(batch.ads.map((ad) => [ad.id, ad.position])).toEqual([
      ["900000000000001", 1],
      ["900000000000002", 2],
      ["900000000000003", 3],
    ]);
  });

  it("reads an inactive political ad: ranges from the display strings, the disclosure without contacts", () => {
    const ad = batch.ads[0];
    expect(ad).toMatchObject({
      isActive: false,
      firstShownAt: "2025-09-01",
      lastShownAt: "2025-10-01",
      daysShown: 31,
      categories: ["POLITICAL"],
    });
    expect(ad?.political).toEqual({
      paidForBy: "Synthetic Civic Fund",
      disclaimer: "PAID_FOR_BY",
      spend: { lower: 200000, upper: 250000, text: "$200K - $250K", currency: "USD" },
      impressions: { lower: 1000000, upper: null, text: ">1M" },
      reach: { lower: 0, upper: 1000, text: "<1K" },
      disclosure: {
        authorizedEntityText: "Synthetic Civic Fund",
        submittedAt: "2026-09-02",
        submittedAtText: "Submitted Sep 2, 2026",
        website: "https://civic.example",
      },
    });
    expect(JSON.stringify(ad)).not.toContain("REDACTED");
  });

  it("keeps an unparsable range's text with null bounds; an ordinary ad has no political block", () => {
    expect(batch.ads[1]?.political).toBeNull();
    expect(batch.ads[2]?.political).toMatchObject({
      spend: { lower: null, upper: null, text: "about a lot", currency: "EUR" },
      impressions: { lower: 1000, upper: 5000, text: "1K - 5K" },
      reach: null,
      disclosure: null,
    });
  });
});

describe("display ranges", () => {
  it.each([
    ["$200K - $250K", 200000, 250000],
    ["€1,000 – €4,999", 1000, 4999],
    [">1M", 1000000, null],
    ["≥1M", 1000000, null],
    ["<100", 0, 100],
    ["1.5M - 2M", 1500000, 2000000],
    ["500", 500, 500],
    ["unknown", null, null],
    ["5K - 1K", null, null],
  ])("%s → %s / %s", (text, lower, upper) => {
    expect(parseDisplayRange(text)).toEqual({ lower, upper, text });
  });

  it("is null for no text", () => {
    expect(parseDisplayRange(null)).toBeNull();
    expect(parseDisplayRange("  ")).toBeNull();
  });
});

describe("synthetic-search-scroll and synthetic-search-graphql-errors: GraphQL answers", () => {
  it("reads a second scroll batch as the last one", () => {
    const data = graphqlData(syntheticBody("synthetic-search-scroll", 2), "AdLibrarySearchPaginationQuery");
    const main = data.ad_library_main as { search_results_connection: Record<string, unknown> };
    expect(readConnection(main.search_results_connection)).toMatchObject({
      count: null,
      next: null,
      ads: [{ id: "900000000000015" }],
    });
  });

  it("an answer without data is a retryable upstream error; a rate-limit answer is upstream_rate_limited", () => {
    expect(() => graphqlData(syntheticBody("synthetic-search-graphql-errors", 1), "Q")).toThrow(
      expect.objectContaining({ code: "upstream_error", status: 502, retryable: true }),
    );
    expect(() => graphqlData(syntheticBody("synthetic-search-graphql-errors", 3), "Q")).toThrow(
      expect.objectContaining({ code: "upstream_rate_limited", retryable: true, retryAfterSeconds: 60 }),
    );
    expect(() => graphqlData("<html>", "Q")).toThrow(expect.objectContaining({ code: "upstream_error" }));
    expect(graphqlData('for (;;);{"data":{"x":1}}', "Q")).toEqual({ x: 1 });
  });
});
