import { createLogger, newId } from "@sda/core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createPrismaClient } from "./client.ts";
import { Ledger } from "./ledger.ts";
import { RequestLogWriter } from "./request-log-writer.ts";

// The writer's one-statement batch insert (an array parameter per column, unnested): every value arrives as given,
// whatever characters it holds (array-literal quoting), nulls stay null, and `created_at` is the UTC write time.

const prisma = createPrismaClient(inject("databaseUrl"), 4);
const ledger = new Ledger(prisma);
afterAll(() => prisma.$disconnect());

const AWKWARD = [
  '"quoted"',
  "back\\slash",
  "{braces}",
  "a,b",
  "NULL",
  "",
  " spaced ",
  "é 😀 \u2028",
  "a\u0000b",
];

describe("RequestLogWriter batch insert", () => {
  it("stores every column exactly, awkward text and nulls included, with the write time as created_at", async () => {
    const account = await ledger.createAccount({ name: "writer" });
    const writer = new RequestLogWriter(prisma, {
      flushMs: 60_000,
      batchSize: 1000,
      maxBuffer: 1000,
      log: createLogger({ name: "test", level: "silent" }),
    });
    // Only path, params and source carry caller text (made storable); the other columns are the service's own.
    const own = (text: string) => text.replace("\u0000", "");
    const rows = AWKWARD.map((text, i) => ({
      id: newId("req"),
      accountId: account.id,
      keyId: i % 2 ? null : `key_${own(text)}`,
      operation: i % 3 ? `op ${own(text)}` : null,
      method: "GET",
      path: `/v1/${text}`,
      params: { q: text, [text || "empty"]: [text, null, i], nested: { n: i, t: text } },
      status: 200 + i,
      errorCode: i % 2 ? own(text) : null,
      credits: i,
      cache: "BYPASS",
      source: i % 2 ? null : text,
      durationMs: i * 10,
      jobId: i % 2 ? `job_${i}` : null,
      ...(i === 1 ? { batchId: "batch_x", monitorId: null } : {}),
    }));
    const before = Date.now();
    for (const row of rows) writer.add(row);
    await writer.close();
    const after = Date.now();
    expect(writer.stats).toMatchObject({ written: rows.length, dropped: 0, failedBatches: 0 });

    const stored = await prisma.requestLog.findMany({ where: { accountId: account.id } });
    expect(stored).toHaveLength(rows.length);
    for (const row of rows) {
      const got = stored.find((s) => s.id === row.id);
      // NUL is written as a visible escape (PostgreSQL refuses it), as before.
      const clean = (v: string) => v.replace("\u0000", "\\u0000");
      const deep = (v: unknown): unknown =>
        typeof v === "string"
          ? clean(v)
          : Array.isArray(v)
            ? v.map(deep)
            : v && typeof v === "object"
              ? Object.fromEntries(Object.entries(v).map(([k, x]) => [clean(k), deep(x)]))
              : v;
      const params = deep(row.params);
      expect(got).toMatchObject({
        keyId: row.keyId,
        operation: row.operation,
        path: clean(row.path),
        params,
        status: row.status,
        errorCode: row.errorCode,
        credits: row.credits,
        source: row.source === null ? null : clean(row.source),
        durationMs: row.durationMs,
        jobId: row.jobId,
        batchId: row.batchId ?? null,
        monitorId: null,
      });
      expect(got?.createdAt.getTime()).toBeGreaterThanOrEqual(before);
      expect(got?.createdAt.getTime()).toBeLessThanOrEqual(after);
    }

    // Written again (a retried batch): skipped, not failed.
    for (const row of rows) writer.add(row);
    await writer.close();
    expect(writer.stats.failedBatches).toBe(0);
    expect(await prisma.requestLog.count({ where: { accountId: account.id } })).toBe(rows.length);
  });
});
