import { parse } from "csv-parse/sync";
import { describe, expect } from "vitest";
import { allResults, type BatchCall, waitForBatch } from "./support/batch.ts";
import { stackTest } from "./support/fixtures.ts";
import { type Stack, send } from "./support/stack.ts";

// Its batches on a database of its own, so it runs beside the other files (see StackOptions.ownDatabase).
const test = stackTest.extend("stackOptions", { scope: "file" }, { ownDatabase: "batch_export" });

// GET /v1/batch/{id}/results?format=jsonl|csv: the whole batch as one download for callers that load results into
// other tools, one result per line, equal to the paged JSON items.

const CALLS: BatchCall[] = [
  { path: "/v1/videosite/video-details", params: { url: "https://www.youtube.com/watch?v=M4gD1WSo5mA" } },
  // A platform 404: a failed item, with its error.
  { path: "/v1/videosite/video-details", params: { url: "https://www.youtube.com/watch?v=Unknown0000" } },
  { path: "/v1/forumsite/post-details", params: { url: "haucpf" } },
];

/** A raw GET (the body as text): downloads are not JSON. */
async function download(stack: Stack, key: string, batchId: string, query: string) {
  const response = await fetch(new URL(`/v1/batch/${batchId}/results?${query}`, stack.gateway.url), {
    headers: { authorization: `Bearer ${key}` },
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function finishedBatch(stack: Stack) {
  const { key } = await stack.account(100);
  const submitted = await send(stack, "POST", "/v1/batch", key, { calls: CALLS });
  expect(submitted.status).toBe(202);
  const { batchId } = submitted.body.data;
  await waitForBatch(stack, key, batchId);
  const { items } = await allResults(stack, key, batchId);
  return { key, batchId, items };
}

describe("GET /v1/batch/{id}/results?format=", () => {
  test("jsonl: every item, one JSON object per line, equal to the paged items; a download named after the batch", async ({
    stack,
  }) => {
    const { key, batchId, items } = await finishedBatch(stack);
    const jsonl = await download(stack, key, batchId, "format=jsonl");
    expect(jsonl.status).toBe(200);
    expect(jsonl.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
    expect(jsonl.headers.get("content-disposition")).toBe(`attachment; filename="${batchId}.jsonl"`);
    expect(jsonl.text.endsWith("\n")).toBe(true);
    expect(
      jsonl.text
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line)),
    ).toEqual(items);

    const failed = await download(stack, key, batchId, "format=jsonl&status=failed");
    expect(
      failed.text
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line)),
    ).toEqual(items.filter((i) => i.status === "failed"));
  });

  test("csv: a header row, then one row per item whose JSON cells parse back to the item", async ({
    stack,
  }) => {
    const { key, batchId, items } = await finishedBatch(stack);
    const csv = await download(stack, key, batchId, "format=csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const rows: Record<string, string>[] = parse(csv.text, { columns: true });
    expect(Object.keys(rows[0] ?? {})).toEqual([
      "index",
      "path",
      "params",
      "status",
      "httpStatus",
      "credits",
      "source",
      "cache",
      "finishedAt",
      "errorCode",
      "errorMessage",
      "data",
    ]);
    expect(rows).toHaveLength(items.length);
    rows.forEach((row, i) => {
      const item = items[i];
      expect(Number(row.index)).toBe(item.index);
      expect(JSON.parse(row.params ?? "")).toEqual(item.params);
      expect([row.status, Number(row.httpStatus), Number(row.credits)]).toEqual([
        item.status,
        item.httpStatus,
        item.credits,
      ]);
      if (item.status === "succeeded") expect(JSON.parse(row.data ?? "")).toEqual(item.data);
      else
        expect([row.errorCode, row.errorMessage, row.data]).toEqual([
          item.error.code,
          item.error.message,
          "",
        ]);
    });
  });

  test("a download is refused in the envelope before any byte: paging params, an unknown format, another key's batch", async ({
    stack,
  }) => {
    const { key, batchId } = await finishedBatch(stack);
    const paged = await stack.get(`/v1/batch/${batchId}/results`, key, { format: "csv", limit: "10" });
    expect([paged.status, paged.body.error?.code, paged.body.error?.param]).toEqual([
      400,
      "invalid_parameter",
      "limit",
    ]);
    const unknown = await stack.get(`/v1/batch/${batchId}/results`, key, { format: "xml" });
    expect([unknown.status, unknown.body.error?.code]).toEqual([400, "invalid_enum_value"]);
    const other = await stack.account(10);
    const foreign = await stack.get(`/v1/batch/${batchId}/results`, other.key, { format: "jsonl" });
    expect([foreign.status, foreign.body.error?.code]).toEqual([404, "batch_not_found"]);
    // The JSON paging stays the default, `format=json` included.
    const json = await stack.get(`/v1/batch/${batchId}/results`, key, { format: "json", limit: "1" });
    expect(json.body.data).toMatchObject({ totalReturned: 1, hasMore: true });
  });

  test("a batch larger than one read page comes whole, in submission order", async ({ stack }) => {
    const { key } = await stack.account(100);
    const calls = Array.from({ length: 700 }, () => CALLS[0] as BatchCall);
    const submitted = await send(stack, "POST", "/v1/batch", key, { calls });
    const { batchId } = submitted.body.data;
    // Cancelled at once: the few started items finish, the rest end `cancelled`; all 700 are exported.
    expect((await send(stack, "DELETE", `/v1/batch/${batchId}`, key)).status).toBe(200);
    const jsonl = await download(stack, key, batchId, "format=jsonl");
    const indexes = jsonl.text
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line).index);
    expect(indexes).toEqual(Array.from({ length: 700 }, (_, i) => i));
  });
});
