import { setImmediate as nextTurn } from "node:timers/promises";
import { BalanceReader } from "@sda/gateway";
import { createPrismaClient, Ledger, sqlPool } from "@sda/ledger";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ledgerSum } from "./support/ledger.ts";
import { type Stack, startStack } from "./support/stack.ts";

// A free cache hit's X-Service-Balance is read from PostgreSQL at every call; the reads of concurrent hits go out as
// one statement (`id = ANY(…)`), and reads asked for while a statement runs wait for it and share the next one.
// Whatever the batching, each answer shows its own account's balance as the ledger holds it: never another account's,
// never a value remembered from before a charge.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const DETAILS = "/v1/videosite/video-details";
const VIDEO_A = "https://www.youtube.com/watch?v=GJLlxj_dtq8";
const VIDEO_B = "https://www.youtube.com/watch?v=M4gD1WSo5mA";

describe("X-Service-Balance of free cache hits", () => {
  it("parallel hits of two accounts each show their own account's ledger balance, also right after a charge", async () => {
    const one = await stack.account(30);
    const two = await stack.account(50);
    // Warm the cache (paid by account one), then account two pays one fresh call of the other video.
    expect((await stack.get(DETAILS, one.key, { url: VIDEO_A, cache: "true" })).status).toBe(200);
    const paid = await stack.get(DETAILS, two.key, { url: VIDEO_B, cache: "true" });
    expect(paid.headers.get("x-service-credits")).toBe("1");
    expect(paid.headers.get("x-service-balance")).toBe("49");

    const hits = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        stack.get(DETAILS, i % 2 ? two.key : one.key, { url: i % 4 < 2 ? VIDEO_A : VIDEO_B, cache: "true" }),
      ),
    );
    for (const [i, hit] of hits.entries()) {
      expect(hit.status).toBe(200);
      expect(hit.headers.get("x-service-cache")).toBe("HIT");
      expect(hit.headers.get("x-service-credits")).toBe("0");
      expect(hit.headers.get("x-service-balance")).toBe(i % 2 ? "49" : "29");
    }
    expect(await stack.ledger.balance(one.accountId)).toBe(29);
    expect(await ledgerSum(stack.ledger, one.accountId)).toBe(29);
    expect(await ledgerSum(stack.ledger, two.accountId)).toBe(49);

    // A charge between two hits: the next hit shows the balance after it (nothing remembered).
    await stack.ledger.grant(one.accountId, 5, "test");
    const after = await stack.get(DETAILS, one.key, { url: VIDEO_A, cache: "true" });
    expect(after.headers.get("x-service-balance")).toBe("34");
    expect(await ledgerSum(stack.ledger, one.accountId)).toBe(34);
  });
});

describe("BalanceReader", () => {
  it("never has two statements in flight: reads asked for meanwhile share the next one, each the ledger's balance", async () => {
    const prisma = createPrismaClient(inject("databaseUrl"), 4);
    try {
      const accounts = [await stack.account(7), await stack.account(11), await stack.account(13)];
      const pool = sqlPool(prisma);
      const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
      let inFlight = 0;
      let most = 0;
      let statements = 0;
      // Counts the reader's statements and how many run at once (the pool has 4 connections: nothing else limits it).
      (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = async (...args) => {
        statements++;
        most = Math.max(most, ++inFlight);
        try {
          return await query(...args);
        } finally {
          inFlight--;
        }
      };
      const reader = new BalanceReader(new Ledger(prisma).accounts);
      // 120 reads asked for over 12 turns of the event loop, 10 per turn, the three accounts in turn.
      const reads: Promise<number | null>[] = [];
      for (let turn = 0; turn < 12; turn++) {
        for (let i = 0; i < 10; i++)
          reads.push(reader.read(accounts[(turn * 10 + i) % 3]?.accountId as string));
        await nextTurn();
      }
      const balances = await Promise.all(reads);
      expect(balances).toEqual(reads.map((_, i) => [7, 11, 13][i % 3]));
      expect(most).toBe(1);
      expect(statements).toBeLessThanOrEqual(12);
      expect(await reader.read("acct_unknown")).toBeNull();
      for (const [i, account] of accounts.entries())
        expect(await ledgerSum(stack.ledger, account.accountId)).toBe([7, 11, 13][i]);
    } finally {
      await prisma.$disconnect();
    }
  });
});
