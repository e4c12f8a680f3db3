import { newId } from "@sda/core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createPrismaClient } from "./client.ts";
import { Ledger } from "./ledger.ts";
import type { SettledCallLog } from "./request-log-input.ts";

// Issue 21 #5: a billed call's request-log row is written by the settle statement itself, so no charge exists
// without its row (a gateway killed after the settle loses only unbilled rows of its buffer).

const prisma = createPrismaClient(inject("databaseUrl"), 4);
const ledger = new Ledger(prisma);
afterAll(() => prisma.$disconnect());

const log = (over: Partial<SettledCallLog> = {}): SettledCallLog => ({
  keyId: "key_settle",
  path: "/v1/videosite/video-details",
  params: { url: "a\u0000b" },
  cache: "MISS",
  source: "upstream",
  jobId: "job_settle",
  calledAt: new Date("2026-11-26T12:00:00.500Z"),
  ...over,
});

async function expectLedgerSumIsBalance(accountId: string) {
  const account = await prisma.account.findUniqueOrThrow({ where: { id: accountId } });
  const sum = await prisma.ledgerEntry.aggregate({ where: { accountId }, _sum: { amount: true } });
  expect(sum._sum.amount).toBe(account.balance);
}

describe("settle writes the billed call's request-log row", () => {
  it("a charge and its row in one statement; a duplicate settle adds neither; a 0-credit settle writes no row", async () => {
    const account = await ledger.createAccount({ name: "settle-log", grant: 10 });
    const requestId = newId("req");
    const key = { accountId: account.id, requestId, operation: "videosite.video-details" };
    await ledger.reserve({ ...key, credits: 3, ttlSeconds: 600 });
    const first = await ledger.settle({ ...key, credits: 2, log: log() });
    expect(first).toMatchObject({ duplicate: false, balance: 8 });
    const row = await prisma.requestLog.findUniqueOrThrow({ where: { id: requestId } });
    expect(row).toMatchObject({
      accountId: account.id,
      keyId: "key_settle",
      operation: "videosite.video-details",
      path: "/v1/videosite/video-details",
      params: { url: "a\\u0000b" },
      status: 200,
      errorCode: null,
      credits: 2,
      cache: "MISS",
      source: "upstream",
      jobId: "job_settle",
    });
    expect(row.createdAt.toISOString()).toBe("2026-11-26T12:00:00.500Z");

    // A retried job settles again: nothing charged, nothing more logged.
    const again = await ledger.settle({ ...key, credits: 2, log: log({ jobId: "job_other" }) });
    expect(again).toMatchObject({ duplicate: true, balance: 8 });
    expect(await prisma.requestLog.count({ where: { id: requestId } })).toBe(1);
    expect(await prisma.ledgerEntry.count({ where: { requestId } })).toBe(1);

    // An empty result costs 0: no charge, so no row from the settle (the gateway logs it, buffered).
    const free = { ...key, requestId: newId("req") };
    await ledger.reserve({ ...free, credits: 1, ttlSeconds: 600 });
    await ledger.settle({ ...free, credits: 0, log: log() });
    expect(await prisma.requestLog.count({ where: { id: free.requestId } })).toBe(0);
    await expectLedgerSumIsBalance(account.id);
  });

  it("a row the gateway wrote first (its 202 handle) takes the settled outcome; the gateway's later row keeps it", async () => {
    const account = await ledger.createAccount({ name: "settle-log-202", grant: 10 });
    const requestId = newId("req");
    const key = { accountId: account.id, requestId, operation: "videosite.transcript" };
    const gatewayRow = {
      id: requestId,
      accountId: account.id,
      keyId: "key_settle",
      operation: key.operation,
      method: "GET",
      path: "/v1/VideoSite/transcript/",
      params: { url: "raw" },
      status: 202,
      errorCode: null,
      credits: 0,
      cache: "BYPASS",
      source: null,
      durationMs: 300,
      jobId: "job_settle",
    };
    await ledger.logRequest(gatewayRow);
    await ledger.reserve({ ...key, credits: 1, ttlSeconds: 600 });
    await ledger.settle({ ...key, credits: 1, log: log() });
    expect(await prisma.requestLog.findUniqueOrThrow({ where: { id: requestId } })).toMatchObject({
      status: 200,
      credits: 1,
      source: "upstream",
      path: "/v1/VideoSite/transcript/",
    });
    // Written again (the buffered 202 row of a writer that flushed late): the outcome stays, the duration is its.
    await ledger.logRequest({ ...gatewayRow, durationMs: 900 });
    expect(await prisma.requestLog.findUniqueOrThrow({ where: { id: requestId } })).toMatchObject({
      status: 200,
      credits: 1,
      durationMs: 900,
    });
    const minutes = await prisma.requestLogMinute.aggregate({
      where: { accountId: account.id },
      _sum: { calls: true, credits: true },
    });
    expect(minutes._sum).toEqual({ calls: 1, credits: 1 });
    await expectLedgerSumIsBalance(account.id);
  });
});
