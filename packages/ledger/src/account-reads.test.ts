import { createLogger, newId } from "@sda/core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { readAccountSummary, readBalance, readOwnAccountSummary } from "./account-reads.ts";
import { createPrismaClient, sqlPool } from "./client.ts";
import { Ledger } from "./ledger.ts";
import { RequestLogWriter } from "./request-log-writer.ts";

// The hot account reads (one prepared statement each) against what Prisma reads from the same rows: the 24-hour
// usage — calls and credits from the `request_log_minutes` rollup, its calls kept from `request_logs`, its credits
// from the charges (by their call's time) — must equal the aggregates of the tables for any window start, after
// inserts, updates and deletes; the balance must equal the sum of the ledger entries after charges.

const prisma = createPrismaClient(inject("databaseUrl"), 4);
const ledger = new Ledger(prisma);
const pool = sqlPool(prisma);
afterAll(() => prisma.$disconnect());

const MINUTE = 60_000;

/** A log row of `accountId` at `createdAt`. */
function row(accountId: string, createdAt: Date) {
  return {
    id: newId("req"),
    accountId,
    method: "GET",
    path: "/v1/test",
    status: 200,
    cache: "BYPASS",
    durationMs: 1,
    createdAt,
  };
}

/** Charges `credits` to `accountId` for a call made at `calledAt` (no hold: from the available balance). */
async function charge(accountId: string, calledAt: Date, credits: number, requestId = newId("req")) {
  await ledger.settle({ accountId, requestId, credits, operation: "t", channel: "rest", calledAt });
  return requestId;
}

/** Calls of the account's log rows and credits of its charges from `since` on, straight from the tables. */
async function direct(accountId: string, since: Date) {
  const calls = await prisma.requestLog.count({ where: { accountId, createdAt: { gte: since } } });
  const charged = await prisma.ledgerEntry.aggregate({
    where: { accountId, kind: "charge", calledAt: { gte: since } },
    _sum: { amount: true },
  });
  return { calls, credits: 0 - (charged._sum.amount ?? 0) };
}

/** The rollup's calls and credits of the account against `GROUP BY minute` of its log rows and of its charges. */
async function expectRollupsExact(accountId: string) {
  const calls = await prisma.$queryRaw<{ minute: Date; calls: number }[]>`
    SELECT "minute", "calls" FROM "request_log_minutes" WHERE "account_id" = ${accountId} AND "calls" <> 0 ORDER BY 1`;
  const logged = await prisma.$queryRaw<{ minute: Date; calls: number }[]>`
    SELECT date_trunc('minute', "created_at" AT TIME ZONE 'UTC') AS "minute", count(*)::int AS "calls"
      FROM "request_logs" WHERE "account_id" = ${accountId} GROUP BY 1 ORDER BY 1`;
  expect(calls).toEqual(logged);
  const credits = await prisma.$queryRaw<{ minute: Date; credits: number }[]>`
    SELECT "minute", "credits" FROM "request_log_minutes" WHERE "account_id" = ${accountId} AND "credits" <> 0 ORDER BY 1`;
  const charged = await prisma.$queryRaw<{ minute: Date; credits: number }[]>`
    SELECT date_trunc('minute', "called_at") AS "minute", -sum("amount")::int AS "credits"
      FROM "ledger_entries" WHERE "account_id" = ${accountId} AND "kind" = 'charge'
     GROUP BY 1 HAVING sum("amount") <> 0 ORDER BY 1`;
  expect(credits).toEqual(charged);
}

describe("account reads", () => {
  it("the 24-hour usage from the minute rollups equals the log's and the ledger's aggregates for any window start", async () => {
    const account = await ledger.createAccount({ name: "usage", grant: 1000 });
    const other = await ledger.createAccount({ name: "other", grant: 1000 });
    const now = Date.now();
    // Calls and charges across 26 hours, several in the same minutes, some at exact minute boundaries, plus another
    // account's; some charges without a log row (a gateway killed after the charge), some log rows without a charge.
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
    await prisma.requestLog.createMany({
      data: times.filter((_, i) => i % 4 !== 1).map((t) => row(account.id, t)),
    });
    await prisma.requestLog.createMany({ data: times.map((t) => row(other.id, t)) });
    for (const [i, t] of times.entries()) {
      if (i % 3 !== 0) await charge(account.id, t, i % 3);
      await charge(other.id, t, 5);
    }
    await expectRollupsExact(account.id);

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

    // Log rows deleted and moved, a charge's call time corrected by hand, rows of a deleted account: still exact.
    const [first, second] = await prisma.requestLog.findMany({ where: { accountId: account.id }, take: 2 });
    await prisma.requestLog.delete({ where: { id: first?.id ?? "" } });
    await prisma.requestLog.update({
      where: { id: second?.id ?? "" },
      data: { createdAt: new Date(now - 2 * MINUTE) },
    });
    const moved = await prisma.ledgerEntry.findFirstOrThrow({
      where: { accountId: account.id, kind: "charge" },
    });
    await prisma.ledgerEntry.update({
      where: { id: moved.id },
      data: { calledAt: new Date(now - 5 * MINUTE) },
    });
    await expectRollupsExact(account.id);
    for (const since of starts) {
      const summary = await readAccountSummary(pool, account.id, since);
      expect(summary?.usage, since.toISOString()).toEqual(await direct(account.id, since));
    }
    await prisma.account.delete({ where: { id: other.id } });
    const left = await prisma.$queryRaw<{ calls: bigint; credits: bigint }[]>`
      SELECT (SELECT COALESCE(sum("calls"), 0) FROM "request_log_minutes" WHERE "account_id" = ${other.id}) AS "calls",
             (SELECT COALESCE(sum("credits"), 0) FROM "request_log_minutes" WHERE "account_id" = ${other.id}) AS "credits"`;
    expect(left.map((r) => [Number(r.calls), Number(r.credits)])).toEqual([[0, 0]]);
  });

  it("keeps the rollup exact when concurrent writers create and update the same minutes' rows", async () => {
    // The rollup row of a minute is updated in place, or inserted when absent (migration
    // 20261203100000_rollups_update_first): writers racing for a minute's first row, with multi-row log batches over
    // two accounts and charges beside them, must neither lose a count nor deadlock.
    const a = await ledger.createAccount({ name: "race-a", grant: 10_000 });
    const b = await ledger.createAccount({ name: "race-b", grant: 10_000 });
    const minute = Math.floor(Date.now() / MINUTE) * MINUTE;
    const times = [0, 1, 2].map((m) => new Date(minute - m * MINUTE + 1_000));
    const writers = Array.from({ length: 24 }, (_, i) =>
      i % 3 === 2
        ? charge(i % 2 ? a.id : b.id, times[i % 3] as Date, 1 + (i % 4))
        : prisma.requestLog.createMany({
            data: times.flatMap((t) => [row(a.id, t), row(b.id, t)]).reverse(),
          }),
    );
    await Promise.all(writers);
    await expectRollupsExact(a.id);
    await expectRollupsExact(b.id);
  });

  it("reads its own buffered calls without writing them, each counted once, also while batches are written", async () => {
    const account = await ledger.createAccount({ name: "buffered", grant: 100 });
    const writer = new RequestLogWriter(prisma, {
      flushMs: 60_000,
      batchSize: 1000,
      maxBuffer: 10_000,
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
    // A billed call (3 credits) whose row is still buffered; a call answered 202 whose worker charged it since
    // (4 credits; its row says 202); one answered 202 still running; a free call written already; one before `since`.
    const billed = row(account.id, now);
    const late = row(account.id, now);
    await charge(account.id, now, 3, billed.id);
    await charge(account.id, now, 4, late.id);
    await prisma.requestLog.create({ data: row(account.id, now) });
    add(billed);
    add(late, 202);
    add(row(account.id, now), 202);
    add(row(account.id, new Date(since.getTime() - MINUTE)));
    const expected = { calls: 4, credits: 7 };

    expect(await readOwnAccountSummary(pool, writer, account.id, since)).toMatchObject({ usage: expected });
    // Batches written while reads run: each read counts every call once, from the buffer or from the table.
    const reads = await Promise.all([
      readOwnAccountSummary(pool, writer, account.id, since),
      writer.flush(),
      readOwnAccountSummary(pool, writer, account.id, since),
    ]);
    expect(reads.filter(Boolean).map((r) => r?.usage)).toEqual([expected, expected]);
    expect(await direct(account.id, since)).toEqual(expected);
    let calls = expected.calls;
    for (let round = 0; round < 20; round++) {
      add(row(account.id, new Date()));
      calls++;
      const [summary] = await Promise.all([
        readOwnAccountSummary(pool, writer, account.id, since),
        round % 2 === 0 ? writer.flush() : Promise.resolve(),
        readOwnAccountSummary(pool, writer, account.id, since).then((r) =>
          expect(r?.usage.calls).toBe(calls),
        ),
      ]);
      expect(summary?.usage).toEqual({ calls, credits: 7 });
    }
    await writer.close();
    expect(await direct(account.id, since)).toEqual({ calls, credits: 7 });
  });

  it("a batch does not begin while a usage read runs, and a waiting batch goes before later reads", async () => {
    const account = await ledger.createAccount({ name: "gate" });
    const writer = new RequestLogWriter(prisma, {
      flushMs: 60_000,
      batchSize: 1000,
      maxBuffer: 1000,
      log: createLogger({ name: "test", level: "silent" }),
    });
    const since = new Date(Date.now() - 3600_000);
    const r = row(account.id, new Date());
    writer.add({
      ...r,
      keyId: null,
      operation: null,
      params: {},
      errorCode: null,
      source: null,
      jobId: null,
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const order: string[] = [];
    const read = writer.readWithPending(account.id, since, async (pending) => {
      order.push(`read ${pending}`);
      await held;
    });
    const flushed = writer.flush().then(() => order.push("flushed"));
    const later = writer.readWithPending(account.id, since, async (pending) => {
      order.push(`later read ${pending}`);
    });
    await new Promise((done) => setTimeout(done, 50));
    expect(order).toEqual(["read 1"]);
    expect(await prisma.requestLog.count({ where: { id: r.id } })).toBe(0);
    release();
    await Promise.all([read, flushed, later]);
    // The later read came after the batch: nothing of it was buffered any more.
    expect(order.sort()).toEqual(["flushed", "later read 0", "read 1"]);
    expect(await prisma.requestLog.count({ where: { id: r.id } })).toBe(1);
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
