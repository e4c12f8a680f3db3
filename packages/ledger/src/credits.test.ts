import { newId, ServiceError } from "@sda/core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createPrismaClient } from "./client.ts";
import { Ledger } from "./ledger.ts";

const prisma = createPrismaClient(inject("databaseUrl"), 20);
const ledger = new Ledger(prisma);
afterAll(() => prisma.$disconnect());

const TTL = 600;

/** After every scenario: sum of entries == balance, reserved == sum of open holds, 0 ≤ reserved ≤ balance. */
async function expectConsistent(accountId: string) {
  const account = await prisma.account.findUniqueOrThrow({ where: { id: accountId } });
  const entries = await prisma.ledgerEntry.aggregate({ where: { accountId }, _sum: { amount: true } });
  const holds = await prisma.creditReservation.aggregate({ where: { accountId }, _sum: { credits: true } });
  expect(entries._sum.amount ?? 0).toBe(account.balance);
  expect(holds._sum.credits ?? 0).toBe(account.reserved);
  expect(account.reserved).toBeGreaterThanOrEqual(0);
  expect(account.reserved).toBeLessThanOrEqual(account.balance);
  return account;
}

/**
 * Backdates an account's holds so they are expired. Tests never sweep with a future clock: the database is shared with
 * the other suites of the run, whose calls in flight hold credits too.
 */
async function expireHoldsOf(accountId: string) {
  await prisma.creditReservation.updateMany({
    where: { accountId },
    data: { expiresAt: new Date(Date.now() - 1000) },
  });
}

const reserve = (accountId: string, credits: number, requestId = newId("req")) =>
  ledger.reserve({ accountId, requestId, credits, operation: "x", ttlSeconds: TTL });

describe("credit reservations", () => {
  it("90 parallel 1-credit reservations on 10 credits: exactly 10 are held, 80 get 402", async () => {
    const account = await ledger.createAccount({ name: "t", grant: 10 });
    const results = await Promise.allSettled(Array.from({ length: 90 }, () => reserve(account.id, 1)));
    const refused = results.filter((r) => r.status === "rejected");
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    expect(refused).toHaveLength(80);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "insufficient_credits" });
    const after = await expectConsistent(account.id);
    expect(after).toMatchObject({ balance: 10, reserved: 10 });
  });

  it("settle charges the actual price, releases the hold, and is idempotent per request id", async () => {
    const account = await ledger.createAccount({ name: "t", grant: 10 });
    const requestId = newId("req");
    expect(await reserve(account.id, 4, requestId)).toBe(4);
    const first = await ledger.settle({ accountId: account.id, requestId, credits: 2, operation: "x" });
    expect(first).toMatchObject({ duplicate: false, balance: 8, entry: { amount: -2, balanceAfter: 8 } });
    const again = await ledger.settle({ accountId: account.id, requestId, credits: 2, operation: "x" });
    expect(again).toMatchObject({ duplicate: true, balance: 8 });
    expect(await expectConsistent(account.id)).toMatchObject({ balance: 8, reserved: 0 });
  });

  it("an empty result (0 credits) only releases the hold and writes no entry", async () => {
    const account = await ledger.createAccount({ name: "t", grant: 5 });
    const requestId = newId("req");
    await reserve(account.id, 5, requestId);
    const settled = await ledger.settle({ accountId: account.id, requestId, credits: 0, operation: "x" });
    expect(settled).toMatchObject({ entry: null, duplicate: false, balance: 5 });
    expect(await ledger.chargesFor(requestId)).toHaveLength(0);
    expect(await expectConsistent(account.id)).toMatchObject({ balance: 5, reserved: 0 });
  });

  it("a hold is raised in place (audio estimate) and refused when the raise exceeds the available credits", async () => {
    const account = await ledger.createAccount({ name: "t", grant: 10 });
    const requestId = newId("req");
    await reserve(account.id, 1, requestId);
    await reserve(account.id, 3); // another call holds 3
    expect(await reserve(account.id, 6, requestId)).toBe(6);
    expect(await expectConsistent(account.id)).toMatchObject({ reserved: 9 });
    const error = await reserve(account.id, 8, requestId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: "insufficient_credits", details: { requiredCredits: 2 } });
    // A raise below the current hold keeps the hold.
    expect(await reserve(account.id, 2, requestId)).toBe(6);
    expect(await expectConsistent(account.id)).toMatchObject({ balance: 10, reserved: 9 });
  });

  it("release gives the hold back once, however often it is called", async () => {
    const account = await ledger.createAccount({ name: "t", grant: 6 });
    const requestId = newId("req");
    await reserve(account.id, 6, requestId);
    const released = await Promise.all(Array.from({ length: 10 }, () => ledger.release(requestId)));
    expect(released.filter((n) => n === 6)).toHaveLength(1);
    expect(released.filter((n) => n === 0)).toHaveLength(9);
    expect(await expectConsistent(account.id)).toMatchObject({ balance: 6, reserved: 0 });
  });

  it("a settle racing a release of the same hold moves its credits out of `reserved` exactly once", async () => {
    const account = await ledger.createAccount({ name: "t", grant: 50 });
    const ids = Array.from({ length: 25 }, () => newId("req"));
    for (const id of ids) await reserve(account.id, 2, id);
    await Promise.all(
      ids.flatMap((requestId) => [
        ledger.settle({ accountId: account.id, requestId, credits: 1, operation: "x" }),
        ledger.release(requestId),
      ]),
    );
    const after = await expectConsistent(account.id);
    expect(after.reserved).toBe(0);
    // Every call was charged 1 whether its hold was released first or not: the balance covered it.
    expect(after.balance).toBe(25);
  });

  it("a settle without a hold (swept) charges only what is available, else 402 and nothing served", async () => {
    const account = await ledger.createAccount({ name: "t", grant: 3 });
    const swept = newId("req");
    await reserve(account.id, 2, swept);
    await expireHoldsOf(account.id);
    expect(await ledger.sweepExpired()).toBeGreaterThanOrEqual(1);
    expect(await expectConsistent(account.id)).toMatchObject({ reserved: 0 });
    await reserve(account.id, 2); // a new call holds 2 of the 3 now
    const error = await ledger
      .settle({ accountId: account.id, requestId: swept, credits: 2, operation: "x" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "insufficient_credits" });
    expect(await ledger.chargesFor(swept)).toHaveLength(0);
    expect(await expectConsistent(account.id)).toMatchObject({ balance: 3, reserved: 2 });
  });

  it("the sweeper releases only expired holds", async () => {
    const account = await ledger.createAccount({ name: "t", grant: 10 });
    // Made an hour ago with a 60 s life: expired. The other one is fresh.
    await ledger.reserve({
      accountId: account.id,
      requestId: newId("req"),
      credits: 2,
      operation: "x",
      ttlSeconds: 60,
      now: new Date(Date.now() - 3_600_000),
    });
    await reserve(account.id, 3);
    await ledger.sweepExpired();
    expect(await expectConsistent(account.id)).toMatchObject({ reserved: 3 });
  });

  it("a retry that reserved again after its charge committed gets the new hold released on settle", async () => {
    const account = await ledger.createAccount({ name: "t", grant: 10 });
    const requestId = newId("req");
    await reserve(account.id, 2, requestId);
    await ledger.settle({ accountId: account.id, requestId, credits: 2, operation: "x" });
    await reserve(account.id, 2, requestId); // the retried job holds again
    const again = await ledger.settle({ accountId: account.id, requestId, credits: 2, operation: "x" });
    expect(again.duplicate).toBe(true);
    expect(await expectConsistent(account.id)).toMatchObject({ balance: 8, reserved: 0 });
  });

  it("settle returns the entry exactly as Prisma reads it back (UTC time), and a duplicate without a hold writes nothing", async () => {
    const account = await ledger.createAccount({ name: "t", grant: 10 });
    const requestId = newId("req");
    await reserve(account.id, 3, requestId);
    const settled = await ledger.settle({ accountId: account.id, requestId, credits: 3, operation: "x" });
    const stored = await prisma.ledgerEntry.findUniqueOrThrow({ where: { requestId } });
    expect(settled.entry).toEqual({ ...stored, kind: "charge" });
    const again = await ledger.settle({ accountId: account.id, requestId, credits: 3, operation: "x" });
    expect(again).toEqual({ entry: settled.entry, duplicate: true, balance: 7 });
    expect(await expectConsistent(account.id)).toMatchObject({ balance: 7, reserved: 0 });
  });

  it("20 concurrent settles of one held request charge once and release the hold once", async () => {
    const account = await ledger.createAccount({ name: "t", grant: 10 });
    const requestId = newId("req");
    await reserve(account.id, 4, requestId);
    await reserve(account.id, 2); // another call's hold stays
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        ledger.settle({ accountId: account.id, requestId, credits: 3, operation: "x" }),
      ),
    );
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(await ledger.chargesFor(requestId)).toHaveLength(1);
    expect(await expectConsistent(account.id)).toMatchObject({ balance: 7, reserved: 2 });
  });
});
