import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { BATCH_CSV_COLUMNS, exportChunk } from "./export.ts";
import type { BatchItemView } from "./views.ts";

const item = (over: Partial<BatchItemView>): BatchItemView => ({
  index: 0,
  path: "/v1/forumsite/post-details",
  params: { url: "haucpf" },
  status: "succeeded",
  httpStatus: 200,
  credits: 1,
  source: "json:post",
  cache: "BYPASS",
  finishedAt: "2026-11-26T10:00:00.000Z",
  ...over,
});

describe("exportChunk", () => {
  it("csv: commas, quotes and newlines inside JSON cells survive a parser; the header comes once", () => {
    const data = { title: 'a "quoted", comma\nand a newline', score: 3 };
    const first = exportChunk("csv", [item({ data })], true);
    const next = exportChunk(
      "csv",
      [
        item({
          index: 1,
          status: "failed",
          httpStatus: 404,
          credits: 0,
          error: { code: "post_not_found", message: "no post" },
        }),
      ],
      false,
    );
    const rows: string[][] = parse(first + next);
    expect(rows[0]).toEqual([...BATCH_CSV_COLUMNS]);
    expect(JSON.parse(rows[1]?.at(-1) ?? "")).toEqual(data);
    expect(rows[2]?.slice(9)).toEqual(["post_not_found", "no post", ""]);
    expect(rows).toHaveLength(3);
  });

  it("csv: a text cell a spreadsheet would run as a formula starts with a quote mark (CSV injection)", () => {
    const text = exportChunk(
      "csv",
      [item({ status: "failed", error: { code: "x", message: '=HYPERLINK("http://evil")' } })],
      false,
    );
    expect((parse(text) as string[][])[0]?.[10]).toBe('\'=HYPERLINK("http://evil")');
  });

  it("jsonl: one item object per line, each line ending in a newline", () => {
    const text = exportChunk("jsonl", [item({ data: { a: "x\ny" } }), item({ index: 1, data: {} })], false);
    expect(text.split("\n")).toHaveLength(3);
    expect(
      text
        .trimEnd()
        .split("\n")
        .map((l) => JSON.parse(l).index),
    ).toEqual([0, 1]);
  });
});
