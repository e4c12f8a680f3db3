import { afterAll, describe, expect, inject, it } from "vitest";
import { createPrismaClient } from "./client.ts";
import { KeyUseRecorder } from "./key-use.ts";
import { Ledger } from "./ledger.ts";

const prisma = createPrismaClient(inject("databaseUrl"), 4);
const ledger = new Ledger(prisma);
afterAll(() => prisma.$disconnect());

describe("ledger.keys", () => {
  it("lists an account's 3 keys newest first with their last use, revoked ones included, and no other account's", async () => {
    const account = await ledger.createAccount({ name: "keys" });
    const other = await ledger.createAccount({ name: "other" });
    const first = await ledger.keys.create(account.id, { name: "first" });
    const second = await ledger.keys.create(account.id, { name: "second" });
    const third = await ledger.keys.create(account.id, { name: "third" });
    await ledger.keys.create(other.id, { name: "not mine" });
    const usedAt = new Date("2026-12-01T10:00:00.123Z");
    await ledger.keys.recordUse(new Map([[second.keyId, usedAt]]));
    expect(await ledger.keys.revoke(first.keyId)).toBe(true);

    const keys = await ledger.keys.list(account.id, 100);
    expect(keys.map((k) => k.name)).toEqual(["third", "second", "first"]);
    expect(keys.map((k) => k.lastUsedAt)).toEqual([null, usedAt, null]);
    expect(keys[2]?.revokedAt).toBeInstanceOf(Date);
    expect(keys[0]).toEqual({
      id: third.keyId,
      name: "third",
      start: third.start,
      createdAt: expect.any(Date),
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(await ledger.keys.list(account.id, 2)).toHaveLength(2);
    expect(await ledger.keys.countActive(account.id)).toBe(2);
  });

  it("writes many keys' last use in one statement and never moves a key's time back", async () => {
    const account = await ledger.createAccount({ name: "uses" });
    const a = await ledger.keys.create(account.id);
    const b = await ledger.keys.create(account.id);
    const later = new Date("2026-12-01T12:00:00.000Z");
    const earlier = new Date("2026-12-01T11:00:00.000Z");
    await ledger.keys.recordUse(
      new Map([
        [a.keyId, later],
        [b.keyId, earlier],
        ["key_deleted", later],
      ]),
    );
    // A gateway flushing an older use afterwards (out of order) leaves the newer time.
    await ledger.keys.recordUse(new Map([[a.keyId, earlier]]));
    const stored = await prisma.apiKey.findMany({
      where: { accountId: account.id },
      select: { id: true, lastUsedAt: true },
    });
    expect(new Map(stored.map((k) => [k.id, k.lastUsedAt]))).toEqual(
      new Map([
        [a.keyId, later],
        [b.keyId, earlier],
      ]),
    );
  });

  it("tells a key's owner, and whether it is live", async () => {
    const account = await ledger.createAccount({ name: "owner" });
    const other = await ledger.createAccount({ name: "other" });
    const key = await ledger.keys.create(account.id);
    expect(await ledger.keys.ownedBy(account.id, key.keyId)).toBe(true);
    expect(await ledger.keys.ownedBy(other.id, key.keyId)).toBe(false);
    expect(await ledger.keys.isLive(key.keyId)).toBe(true);
    await ledger.keys.revoke(key.keyId);
    expect(await ledger.keys.isLive(key.keyId)).toBe(false);
    expect(await ledger.keys.isLive("key_unknown")).toBe(false);
  });
});

describe("KeyUseRecorder", () => {
  it("keeps each key's newest use in memory and writes them all at flush, one statement", async () => {
    const account = await ledger.createAccount({ name: "recorder" });
    const a = await ledger.keys.create(account.id);
    const b = await ledger.keys.create(account.id);
    const batches: number[] = [];
    const recorder = new KeyUseRecorder(
      {
        recordUse: (uses) => {
          batches.push(uses.size);
          return ledger.keys.recordUse(uses);
        },
      },
      { flushMs: 0 },
    );
    const t1 = new Date("2026-12-01T09:00:00.000Z");
    const t2 = new Date("2026-12-01T09:00:05.000Z");
    recorder.record(a.keyId, t2);
    recorder.record(a.keyId, t1);
    recorder.record(b.keyId, t1);
    expect(recorder.pending).toBe(2);
    expect((await ledger.keys.list(account.id, 10)).every((k) => k.lastUsedAt === null)).toBe(true);
    await recorder.close();
    expect(batches).toEqual([2]);
    expect(recorder.pending).toBe(0);
    const keys = await ledger.keys.list(account.id, 10);
    expect(new Map(keys.map((k) => [k.id, k.lastUsedAt]))).toEqual(
      new Map([
        [a.keyId, t2],
        [b.keyId, t1],
      ]),
    );
  });

  it("keeps the uses of a failed flush for the next one", async () => {
    let fail = true;
    const written: Map<string, Date>[] = [];
    const recorder = new KeyUseRecorder(
      {
        recordUse: async (uses) => {
          if (fail) throw new Error("PostgreSQL is out");
          written.push(new Map(uses));
        },
      },
      { flushMs: 0 },
    );
    const t = new Date("2026-12-01T08:00:00.000Z");
    recorder.record("key_a", t);
    await recorder.flush();
    expect(recorder.pending).toBe(1);
    fail = false;
    await recorder.flush();
    expect(written).toEqual([new Map([["key_a", t]])]);
    expect(recorder.pending).toBe(0);
  });
});
