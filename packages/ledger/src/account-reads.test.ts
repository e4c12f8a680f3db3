import { createLogger, newId } from "@sda/core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { readAccountSummary, readBalance, readOwnAccountSummary } from "./account-reads.ts";
import { createPrismaClient, sqlPool } from "./client.ts";
import { Ledger } from "./ledger.ts";
import { RequestLogWriter } from "./request-log-writer.ts";

// The hot account reads (one prepared statement each) against what Prisma reads from the same rows: the 24-hour
// usage from the `request_log_minutes` rollup must equal the aggregate of `request_logs` for any window start, after
// inserts, updates and deletes of log rows; the balance must equal the sum of the ledger entries after charges.

const prisma = createPrismaClient(inject("databaseUrl"), 4);
const ledger = new Ledger(prisma);
const pool = sqlPool(prisma);
afterAll(() => prisma.$disconnect());

const MINUTE = 60_000;

/** A log row of `accountId` at `createdAt` with `credits`. */
function row(accountId: string, createdAt: Date, credits: number) {
  return {
    id: newId("req"),
    accountId,
    method: "GET",
    path: "/v1/test",
    status: 200,
    credits,
    cache: "BYPASS",
    durationMs: 1,
    createdAt,
  };
}

/** Calls and credits of the account's log rows from `since` on, straight from `request_logs`. */
async function direct(accountId: string, since: Date) {
  const r = await prisma.requestLog.aggregate({
    where: { accountId, createdAt: { gte: since } },
    _count: { _all: true },
    _sum: { credits: true },
  });
  return { calls: r._count._all, credits: r._sum.credits ?? 0 };
}

/** The rollup's rows of the account against `GROUP BY minute` of its log rows (zero rows left out). */
async function expectRollupExact(accountId: string) {
  const rollup = await prisma.$queryRaw<{ minute: Date; calls: number; credits: number }[]>`
    SELECT "minute", "calls", "credits" FROM "request_log_minutes"
     WHERE "account_id" = ${accountId} AND ("calls" <> 0 OR "credits" <> 0) ORDER BY 1`;
  const grouped = await prisma.$queryRaw<{ minute: Date; calls: number; credits: number }[]>`
    SELECT date_trunc('minute', "created_at" AT TIME ZONE 'UTC') AS "minute", count(*)::int AS "calls", sum("credits")::int AS "credits"
      FROM "request_logs" WHERE "account_id" = ${accountId} GROUP BY 1 ORDER BY 1`;
  expect(rollup).toEqual(grouped);
}

describe("account reads", () => {
  it("the 24-hour usage from the minute rollup equals the request log's aggregate for any window start", async () => {
    const account = await ledger.createAccount({ name: "usage" });
    const other = await ledger.createAccount({ name: "other" });
    const now = Date.now();
    // Rows across 26 hours, several in the same minutes, some at exact minute boundaries, plus another account's.
    const times = [
      26 * 60,
      24 * 60 + 0.5,
      24 * 60,
      24 * 60 - 0.25,
      24 * 60 - 0.75,
      23 * 60,
      90,
      3.5,
      3.5,
      3,
      0.1,
    ].map(
      (minutesAgo) =>
        new Date(Math.floor((now - minutesAgo * MINUTE) / MINUTE) * MINUTE + (minutesAgo % 1) * MINUTE),
    );
    await prisma.requestLog.createMany({ data: times.map((t, i) => row(account.id, t, i % 3)) });
    await prisma.requestLog.createMany({ data: times.map((t) => row(other.id, t, 5)) });
    await expectRollupExact(account.id);

    const starts = [
      ...times,
      ...times.map((t) => new Date(t.getTime() + 1)),
      ...times.map((t) => new Date(t.getTime() - 1)),
      new Date(now - 24 * 3600_000),
      new Date(now + MINUTE),
    ];
    for (const since of starts) {
      const summary = await readAccountSummary(pool, account.id, since);
      expect(summary?.usage, since.toISOString()).toEqual(await direct(account.id, since));
    }

    // A 202 completed later (credits change), a row deleted, rows of a deleted account: still exact.
    const first = await prisma.requestLog.findFirstOrThrow({ where: { accountId: account.id, credits: 0 } });
    await ledger.completeRequestLog(first.id, { status: 200, errorCode: null, credits: 4, source: "x" });
    await prisma.requestLog.deleteMany({ where: { accountId: account.id, credits: 1 } });
    await prisma.requestLog.updateMany({
      where: { accountId: account.id, credits: 2 },
      data: { createdAt: new Date(now - 2 * MINUTE) },
    });
    await expectRollupExact(account.id);
    for (const since of starts) {
      const summary = await readAccountSummary(pool, account.id, since);
      expect(summary?.usage, since.toISOString()).toEqual(await direct(account.id, since));
    }
    await prisma.account.delete({ where: { id: other.id } });
    const left = await prisma.$queryRaw<{ calls: bigint }[]>`
      SELECT COALESCE(sum("calls"), 0) AS "calls" FROM "request_log_minutes" WHERE "account_id" = ${other.id}`;
    expect(Number(left[0]?.calls)).toBe(0);
  });

  it("reads its own buffered rows without writing them, each call counted once, also while a batch is written", async () => {
    const account = await ledger.createAccount({ name: "buffered" });
    const writer = new RequestLogWriter(prisma, {
      flushMs: 60_000,
      batchSize: 1000,
      maxBuffer: 1000,
      log: createLogger({ name: "test", level: "silent" }),
    });
    const since = new Date(Date.now() - 24 * 3600_000);
    const now = new Date();
    const add = (r: ReturnType<typeof row>, status = 200) =>
      writer.add({
        ...r,
        status,
        keyId: null,
        operation: null,
        params: {},
        errorCode: null,
        source: null,
        jobId: null,
      });
    // A billed call (3 credits) whose settle wrote its row; a call answered 202 whose worker settled it since (the
    // table has 4 credits, the buffered copy none); one answered 202 still running; a free call; one before `since`.
    const billed = row(account.id, now, 3);
    const late = row(account.id, now, 0);
    await prisma.requestLog.createMany({ data: [billed, { ...late, credits: 4 }] });
    add(billed);
    add(late, 202);
    add(row(account.id, now, 0), 202);
    add(row(account.id, now, 0));
    add(row(account.id, new Date(since.getTime() - MINUTE), 0));
    const expected = { calls: 4, credits: 7 };

    const pending = await writer.pendingUsage(account.id, since);
    expect(pending.calls).toBe(1);
    expect(pending.unsure.ids).toHaveLength(2);
    expect((await readAccountSummary(pool, account.id, since, pending))?.usage).toEqual(expected);
    expect(writer.unchangedSince(pending.mark)).toBe(true);
    // A batch written while the read runs: it reads again (or writes first), never counting a row twice.
    const [during] = await Promise.all([
      readOwnAccountSummary(pool, writer, account.id, since),
      writer.flush(),
    ]);
    expect(during?.usage).toEqual(expected);
    expect(writer.unchangedSince(pending.mark)).toBe(false);
    expect(await direct(account.id, since)).toEqual(expected);
    expect((await readOwnAccountSummary(pool, writer, account.id, since))?.usage).toEqual(expected);
    await writer.close();
  });

  it("returns the account row as Prisma reads it, and null for an unknown account", async () => {
    const account = await ledger.createAccount({
      name: "row",
      email: `${newId("req")}@example.com`,
      grant: 7,
    });
    await ledger.reserve({
      accountId: account.id,
      requestId: newId("req"),
      credits: 2,
      operation: "t",
      ttlSeconds: 60,
    });
    const summary = await readAccountSummary(pool, account.id, new Date(Date.now() - 24 * 3600_000));
    const stored = await prisma.account.findUniqueOrThrow({ where: { id: account.id } });
    expect(summary).toEqual({
      id: stored.id,
      email: stored.email,
      balance: 7,
      reserved: 2,
      createdAt: stored.createdAt,
      usage: { calls: 0, credits: 0 },
    });
    expect(await readAccountSummary(pool, "acct_missing", new Date())).toBeNull();
    expect(await readBalance(pool, "acct_missing")).toBeNull();
  });

  it("the balance read equals the sum of the ledger entries after charges", async () => {
    const account = await ledger.createAccount({ name: "balance", grant: 20 });
    for (let i = 0; i < 5; i++) {
      const requestId = newId("req");
      await ledger.reserve({ accountId: account.id, requestId, credits: 3, operation: "t", ttlSeconds: 60 });
      await ledger.settle({ accountId: account.id, requestId, credits: i, operation: "t" });
    }
    const entries = await prisma.ledgerEntry.findMany({ where: { accountId: account.id } });
    const sum = entries.reduce((total, e) => total + e.amount, 0);
    expect(sum).toBe(20 - (0 + 1 + 2 + 3 + 4));
    expect(await readBalance(pool, account.id)).toBe(sum);
    expect(await ledger.balance(account.id)).toBe(sum);
  });
});
