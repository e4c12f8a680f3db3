import { newId, ServiceError } from "@sda/core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createPrismaClient } from "./client.ts";
import { Ledger } from "./ledger.ts";

const prisma = createPrismaClient(inject("databaseUrl"), 20);
const ledger = new Ledger(prisma);
afterAll(() => prisma.$disconnect());

async function sumOfEntries(accountId: string): Promise<number> {
  const rows = await prisma.ledgerEntry.findMany({ where: { accountId } });
  return rows.reduce((sum, r) => sum + r.amount, 0);
}

describe("ledger", () => {
  it("grants 100 credits on account creation, as the first ledger entry", async () => {
    const account = await ledger.createAccount({ name: "t" });
    expect(account.balance).toBe(100);
    const entries = await ledger.entries(account.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: "grant", amount: 100, balanceAfter: 100 });
  });

  it("stores keys only as SHA-256 and tells unknown from revoked keys", async () => {
    const account = await ledger.createAccount({ name: "t" });
    const key = await ledger.createApiKey(account.id);
    expect(key.secret).toMatch(/^sda_live_[0-9A-Za-z]{40}$/);
    const stored = await prisma.apiKey.findUniqueOrThrow({ where: { id: key.keyId } });
    expect(JSON.stringify(stored)).not.toContain(key.secret);
    expect(await ledger.authenticate(key.secret)).toMatchObject({
      ok: true,
      principal: { accountId: account.id },
    });
    expect(await ledger.authenticate(`${key.secret}x`)).toEqual({ ok: false, reason: "unknown" });
    expect(await ledger.revokeApiKey(key.keyId)).toBe(true);
    expect(await ledger.authenticate(key.secret)).toEqual({ ok: false, reason: "revoked" });
  });

  it("charges one request id once, however often it is retried", async () => {
    const account = await ledger.createAccount({ name: "t", grant: 10 });
    const requestId = newId("req");
    const first = await ledger.settle({ accountId: account.id, credits: 3, requestId, operation: "x" });
    const again = await ledger.settle({ accountId: account.id, credits: 3, requestId, operation: "x" });
    expect(first).toMatchObject({ duplicate: false, balance: 7 });
    expect(again).toMatchObject({ duplicate: true, balance: 7 });
    expect(await ledger.balance(account.id)).toBe(7);
    expect(await ledger.chargesFor(requestId)).toHaveLength(1);
  });

  it("charges the same request id from 20 concurrent attempts exactly once", async () => {
    const account = await ledger.createAccount({ name: "t", grant: 10 });
    const requestId = newId("req");
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        ledger.settle({ accountId: account.id, credits: 2, requestId, operation: "x" }),
      ),
    );
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(await ledger.balance(account.id)).toBe(8);
    expect(await ledger.chargesFor(requestId)).toHaveLength(1);
  });

  it("refuses a charge above the balance with 402 and charges nothing", async () => {
    const account = await ledger.createAccount({ name: "t", grant: 2 });
    const error = await ledger
      .settle({ accountId: account.id, credits: 3, requestId: newId("req"), operation: "x" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe("insufficient_credits");
    expect(await ledger.balance(account.id)).toBe(2);
  });

  it("30 concurrent 1-credit charges on 10 credits: exactly 10 succeed and the ledger sums to the balance", async () => {
    const account = await ledger.createAccount({ name: "t", grant: 10 });
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        ledger.settle({ accountId: account.id, credits: 1, requestId: newId("req"), operation: "x" }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    expect(await ledger.balance(account.id)).toBe(0);
    expect(await sumOfEntries(account.id)).toBe(0);
  });

  it("records balanceAfter on every entry", async () => {
    const account = await ledger.createAccount({ name: "t", grant: 5 });
    await ledger.grant(account.id, 7, "top-up");
    await ledger.settle({ accountId: account.id, credits: 4, requestId: newId("req"), operation: "x" });
    const entries = (await ledger.entries(account.id)).reverse();
    expect(entries.map((e) => [e.kind, e.amount, e.balanceAfter])).toEqual([
      ["grant", 5, 5],
      ["grant", 7, 12],
      ["charge", -4, 8],
    ]);
  });
});
