import { createLogger, newId } from "@sda/core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createPrismaClient } from "./client.ts";
import { Ledger } from "./ledger.ts";
import { RequestLogWriter } from "./request-log-writer.ts";

// The writer's one-statement batch insert (an array parameter per column, unnested): every value arrives as given,
// whatever characters it holds (array-literal quoting), nulls stay null, and `created_at` is the time of the call
// (issue 27), not the time its batch was written.

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
  it("stores every column exactly, awkward text and nulls included, with the time of add() as created_at by default", async () => {
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
        source: row.source === null ? null : clean(row.source),
        durationMs: row.durationMs,
        jobId: row.jobId,
        batchId: row.batchId ?? null,
        monitorId: null,
      });
      expect(got?.createdAt.getTime()).toBeGreaterThanOrEqual(before);
      expect(got?.createdAt.getTime()).toBeLessThanOrEqual(after);
    }

    // Written again (a retried batch, whose rows keep their call time), even with other values: skipped, not failed,
    // and no row changes (one writer, no update). The ids are the writer's own: nothing else writes them, so the
    // primary key (id, created_at) alone keeps them once.
    const createdAt = new Map(stored.map((s) => [s.id, s.createdAt]));
    for (const row of rows)
      writer.add({
        ...row,
        status: 599,
        durationMs: 1,
        params: { other: true },
        createdAt: createdAt.get(row.id),
      });
    await writer.close();
    expect(writer.stats.failedBatches).toBe(0);
    expect(await prisma.requestLog.count({ where: { accountId: account.id } })).toBe(rows.length);
    const again = await prisma.requestLog.findMany({ where: { accountId: account.id } });
    expect(new Map(again.map((r) => [r.id, r]))).toEqual(new Map(stored.map((r) => [r.id, r])));
  });

  it("keeps each row's call time (with its zone) and the minute rollup counts the calls in their own minutes", async () => {
    const account = await ledger.createAccount({ name: "call-times" });
    const writer = new RequestLogWriter(prisma, {
      flushMs: 60_000,
      batchSize: 1000,
      maxBuffer: 1000,
      log: createLogger({ name: "test", level: "silent" }),
    });
    // Three calls in two different minutes of the past, buffered and written together in one batch later.
    const times = [
      new Date("2026-11-20T10:15:59.123Z"),
      new Date("2026-11-20T10:16:00.000Z"),
      new Date("2026-11-20T10:16:07.456Z"),
    ];
    const ids = times.map((createdAt) => {
      const id = newId("req");
      writer.add({
        id,
        accountId: account.id,
        keyId: null,
        operation: "videosite.video-details",
        method: "GET",
        path: "/v1/videosite/video-details",
        params: {},
        status: 200,
        errorCode: null,
        cache: "BYPASS",
        source: null,
        durationMs: 5,
        jobId: null,
        createdAt,
      });
      return id;
    });
    await writer.close();
    const stored = await prisma.requestLog.findMany({
      where: { id: { in: ids } },
      orderBy: { createdAt: "asc" },
    });
    expect(stored.map((row) => row.createdAt.toISOString())).toEqual(times.map((t) => t.toISOString()));
    const types = await prisma.$queryRaw<{ type: string }[]>`
      SELECT data_type AS "type" FROM information_schema.columns
       WHERE table_name = 'request_logs' AND column_name = 'created_at'`;
    expect(types[0]?.type).toBe("timestamp with time zone");
    // Calls only: a row carries no credits (the charges' credits are added by the ledger's triggers).
    const minutes = await prisma.$queryRaw<{ minute: string; calls: number; credits: number }[]>`
      SELECT to_char("minute", 'HH24:MI') AS "minute", "calls", "credits" FROM "request_log_minutes"
       WHERE "account_id" = ${account.id} ORDER BY 1`;
    expect(minutes).toEqual([
      { minute: "10:15", calls: 1, credits: 0 },
      { minute: "10:16", calls: 2, credits: 0 },
    ]);
  });
});
