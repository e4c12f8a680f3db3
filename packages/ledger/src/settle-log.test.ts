import { newId } from "@sda/core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { readAccountSummary } from "./account-reads.ts";
import { createPrismaClient, sqlPool } from "./client.ts";
import { Ledger } from "./ledger.ts";
import { dailyUsage, listRequestLogs } from "./usage.ts";

// Issue 33: the ledger entry is the billing record and the request-log row the access log, each with one writer. A
// charge carries its call's channel and start (`called_at`); the settle never touches `request_logs`; usage joins
// the two by request id, so a charge whose row was never written (its gateway SIGKILLed between the charge and the
// answer) is still shown to its owner, and a row answered 202 keeps its 202 while usage shows its charge's credits.

const prisma = createPrismaClient(inject("databaseUrl"), 4);
const ledger = new Ledger(prisma);
const pool = sqlPool(prisma);
afterAll(() => prisma.$disconnect());

async function expectLedgerSumIsBalance(accountId: string) {
  const account = await prisma.account.findUniqueOrThrow({ where: { id: accountId } });
  const sum = await prisma.ledgerEntry.aggregate({ where: { accountId }, _sum: { amount: true } });
  expect(sum._sum.amount).toBe(account.balance);
}

/** A request-log row as the gateway writes it for `id` (REST, what the caller sent as `params`). */
function gatewayRow(accountId: string, id: string, over: { status?: number; createdAt?: Date } = {}) {
  return {
    id,
    accountId,
    keyId: "key_settle",
    operation: "videosite.transcript",
    method: "GET",
    path: "/v1/VideoSite/transcript/",
    params: { url: "raw" },
    status: over.status ?? 200,
    errorCode: null,
    cache: "BYPASS",
    source: null,
    durationMs: 300,
    jobId: "job_settle",
    ...(over.createdAt ? { createdAt: over.createdAt } : {}),
  };
}

describe("the charge is the billing record; the settle writes no request-log row", () => {
  it("a charge carries its channel and call time; a duplicate settle adds nothing; a 0-credit settle no entry", async () => {
    const account = await ledger.createAccount({ name: "settle-log", grant: 10 });
    const requestId = newId("req");
    const key = { accountId: account.id, requestId, operation: "videosite.video-details" };
    const calledAt = new Date("2026-11-26T12:00:00.500Z");
    await ledger.reserve({ ...key, credits: 3, ttlSeconds: 600 });
    const first = await ledger.settle({ ...key, credits: 2, channel: "mcp", calledAt });
    expect(first).toMatchObject({ duplicate: false, balance: 8 });
    expect(first.entry).toMatchObject({ kind: "charge", amount: -2, channel: "mcp", calledAt });
    const entry = await prisma.ledgerEntry.findUniqueOrThrow({ where: { requestId } });
    expect(entry).toMatchObject({ kind: "charge", amount: -2, channel: "mcp", operation: key.operation });
    expect(entry.calledAt?.toISOString()).toBe("2026-11-26T12:00:00.500Z");
    expect(await prisma.requestLog.count({ where: { id: requestId } })).toBe(0);

    // A retried job settles again: nothing charged, the first charge (and its call time) kept.
    const again = await ledger.settle({ ...key, credits: 2, channel: "rest", calledAt: new Date() });
    expect(again).toMatchObject({ duplicate: true, balance: 8 });
    expect(again.entry).toMatchObject({ channel: "mcp", calledAt });
    expect(await prisma.ledgerEntry.count({ where: { requestId } })).toBe(1);

    // An empty result costs 0: no charge (the answering process logs the call).
    const free = { ...key, requestId: newId("req") };
    await ledger.reserve({ ...free, credits: 1, ttlSeconds: 600 });
    await ledger.settle({ ...free, credits: 0, calledAt });
    expect(await prisma.ledgerEntry.count({ where: { requestId: free.requestId } })).toBe(0);
    expect(await prisma.requestLog.count({ where: { id: free.requestId } })).toBe(0);
    await expectLedgerSumIsBalance(account.id);
  });

  it("a charge whose row was never written (gateway SIGKILLed) shows in the usage list, totals and daily usage", async () => {
    const account = await ledger.createAccount({ name: "settle-log-killed", grant: 10 });
    const now = new Date();
    const logged = newId("req");
    const killed = newId("req");
    const operation = "videosite.transcript";
    // One call answered and logged (3 credits), one charged (2 credits) whose gateway died before its answer.
    await ledger.settle({ accountId: account.id, requestId: logged, credits: 3, operation, calledAt: now });
    await ledger.logRequest(gatewayRow(account.id, logged, { createdAt: now }));
    const killedAt = new Date(now.getTime() + 1);
    await ledger.settle({
      accountId: account.id,
      requestId: killed,
      credits: 2,
      operation,
      channel: "mcp",
      calledAt: killedAt,
    });

    const page = await listRequestLogs(prisma, { accountId: account.id }, { limit: 10 });
    expect(page.next).toBeNull();
    expect(page.rows).toEqual([
      {
        id: killed,
        operation,
        path: "",
        params: {},
        status: 200,
        errorCode: null,
        credits: 2,
        cache: null,
        source: null,
        durationMs: null,
        batchId: null,
        monitorId: null,
        channel: "mcp",
        createdAt: killedAt,
      },
      expect.objectContaining({
        id: logged,
        status: 200,
        credits: 3,
        channel: "rest",
        params: { url: "raw" },
      }),
    ]);
    // Paged one by one, then filtered: the charge-only row is a 200 of its operation.
    const one = await listRequestLogs(prisma, { accountId: account.id }, { limit: 1 });
    expect(one.rows.map((r) => r.id)).toEqual([killed]);
    const rest = await listRequestLogs(
      prisma,
      { accountId: account.id },
      { limit: 1, ...(one.next ? { after: one.next } : {}) },
    );
    expect(rest.rows.map((r) => r.id)).toEqual([logged]);
    expect(rest.next).toBeNull();
    const errors = await listRequestLogs(prisma, { accountId: account.id, status: "error" }, { limit: 10 });
    expect(errors.rows).toEqual([]);
    const ok = await listRequestLogs(
      prisma,
      { accountId: account.id, status: 200, operation },
      { limit: 10 },
    );
    expect(ok.rows.map((r) => r.id)).toEqual([killed, logged]);

    const summary = await readAccountSummary(pool, account.id, new Date(now.getTime() - 3600_000));
    expect(summary?.usage).toEqual({ calls: 1, credits: 5 });
    const day = now.toISOString().slice(0, 10);
    expect(await dailyUsage(prisma, account.id, 1, now)).toEqual([
      { day, operation, calls: 1, succeeded: 1, credits: 5 },
    ]);
    await expectLedgerSumIsBalance(account.id);
  });

  it("a call answered 202 keeps its 202 row; its charge shows its credits; a row written again changes nothing", async () => {
    const account = await ledger.createAccount({ name: "settle-log-202", grant: 10 });
    const requestId = newId("req");
    const key = { accountId: account.id, requestId, operation: "videosite.transcript" };
    const row = gatewayRow(account.id, requestId, { status: 202 });
    await ledger.logRequest(row);
    await ledger.reserve({ ...key, credits: 1, ttlSeconds: 600 });
    await ledger.settle({ ...key, credits: 1 });
    // Written again (a retried batch with other values): the row stays as first written.
    await ledger.logRequest({ ...row, status: 200, durationMs: 900 });
    expect(await prisma.requestLog.findUniqueOrThrow({ where: { id: requestId } })).toMatchObject({
      status: 202,
      durationMs: 300,
      path: "/v1/VideoSite/transcript/",
      params: { url: "raw" },
    });
    const page = await listRequestLogs(prisma, { accountId: account.id }, { limit: 10 });
    expect(page.rows).toEqual([expect.objectContaining({ id: requestId, status: 202, credits: 1 })]);
    const minutes = await prisma.requestLogMinute.aggregate({
      where: { accountId: account.id },
      _sum: { calls: true, credits: true },
    });
    expect(minutes._sum).toEqual({ calls: 1, credits: 1 });
    await expectLedgerSumIsBalance(account.id);
  });
});
