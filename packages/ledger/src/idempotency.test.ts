import { newId } from "@sda/core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createPrismaClient } from "./client.ts";
import { IDEMPOTENCY_TTL_SECONDS, IdempotencyKeys, type IdempotencyRef } from "./idempotency.ts";

const prisma = createPrismaClient(inject("databaseUrl"), 20);
const keys = new IdempotencyKeys(prisma);
afterAll(() => prisma.$disconnect());

/** A key of its own per test (its API key id is random, so no other suite's rows are touched). */
function ref(scope: IdempotencyRef["scope"] = "call"): IdempotencyRef {
  return { keyId: newId("key"), key: "retry-1", scope };
}

const call = (requestHash = "h1") => ({ requestHash, requestId: newId("req"), jobId: newId("job") });

/** Backdates a key's row so it is expired (tests never sweep with a future clock: the database is shared). */
async function expire(r: IdempotencyRef) {
  await prisma.idempotencyKey.updateMany({
    where: { keyId: r.keyId, scope: r.scope },
    data: { expiresAt: new Date(Date.now() - 1000) },
  });
}

describe("idempotency keys", () => {
  it("20 concurrent claims of one key: exactly one wins, the 19 others read the winner's claim", async () => {
    const r = ref();
    const fresh = Array.from({ length: 20 }, () => call());
    const results = await Promise.all(fresh.map((f) => keys.claim(r, f)));
    const won = results.flatMap((res, i) => (res.claimed ? [fresh[i]] : []));
    expect(won).toHaveLength(1);
    for (const res of results)
      if (!res.claimed) expect(res.earlier).toMatchObject({ requestId: won[0]?.requestId, answer: null });
    const row = await keys.find(r);
    expect(row?.expiresAt.getTime()).toBeCloseTo(
      (row?.createdAt.getTime() ?? 0) + IDEMPOTENCY_TTL_SECONDS * 1000,
      -3,
    );
  });

  it("owned updates: a call that lost its key neither answers nor releases its successor's", async () => {
    const r = ref();
    const first = call();
    const second = call();
    expect((await keys.claim(r, first)).claimed).toBe(true);
    expect(await keys.takeOver(r, first.requestId, second)).toBe(true);
    // A second take-over of the same earlier call finds it gone: the first retry got it.
    expect(await keys.takeOver(r, first.requestId, call())).toBe(false);
    expect(await keys.answer(r, first.requestId, { ok: true, data: "late" })).toBe(false);
    expect(await keys.release(r, first.requestId)).toBe(false);
    expect(await keys.answer(r, second.requestId, { ok: true, data: "mine" })).toBe(true);
    expect(await keys.find(r)).toMatchObject({
      requestId: second.requestId,
      answer: { ok: true, data: "mine" },
    });
    expect(await keys.release(r, second.requestId)).toBe(true);
    expect(await keys.find(r)).toBeNull();
    expect((await keys.claim(r, call())).claimed).toBe(true);
  });

  it("an answer with a NUL or a lone surrogate is stored (replaced by U+FFFD), everything else as it was", async () => {
    const r = ref();
    const first = call();
    await keys.claim(r, first);
    const answer = { ok: true, data: { text: "a\u0000b\uD800c\u000b\ttab 😀", "k\u0000": 1 } };
    expect(await keys.answer(r, first.requestId, answer)).toBe(true);
    expect((await keys.find(r))?.answer).toEqual({
      ok: true,
      data: { text: "a\uFFFDb\uFFFDc\u000b\ttab 😀", "k\uFFFD": 1 },
    });
  });

  it("an expired row binds nothing: a claim takes the key afresh, the sweep deletes it", async () => {
    const r = ref();
    await keys.claim(r, call("old"));
    await expire(r);
    expect(await keys.find(r)).toBeNull();
    const fresh = call("new");
    expect((await keys.claim(r, fresh)).claimed).toBe(true);
    expect(await keys.find(r)).toMatchObject({ requestHash: "new", requestId: fresh.requestId });

    const swept = ref();
    await keys.claim(swept, call());
    await expire(swept);
    await keys.sweepExpired();
    expect(await prisma.idempotencyKey.count({ where: { keyId: swept.keyId } })).toBe(0);
    // The unexpired row of the other key stays.
    expect(await keys.find(r)).not.toBeNull();
  });

  it("claimWith: of 10 concurrent submissions one stores its rows, the others store nothing and read its claim", async () => {
    const r = ref("batch");
    const stored: string[] = [];
    const results = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const batchId = `bat_${i}`;
        const res = await keys.claimWith(
          r,
          { requestHash: "b", batchId, answer: { batchId } },
          async (tx) => {
            await tx.$queryRaw`SELECT 1`;
            stored.push(batchId);
          },
        );
        return { batchId, res };
      }),
    );
    const winners = results.filter((x) => x.res.claimed);
    expect(winners).toHaveLength(1);
    expect(stored).toEqual([winners[0]?.batchId]);
    for (const { res } of results)
      if (!res.claimed)
        expect(res.earlier).toMatchObject({
          batchId: winners[0]?.batchId,
          answer: { batchId: winners[0]?.batchId },
        });
    // A store that fails rolls the claim back: the key stays free.
    const other = ref("batch");
    await expect(
      keys.claimWith(other, { requestHash: "b", batchId: "bat_x", answer: {} }, async () => {
        throw new Error("insert failed");
      }),
    ).rejects.toThrow("insert failed");
    expect(await keys.find(other)).toBeNull();
  });

  it("scopes are apart: a call's key and a batch's key of the same name do not meet", async () => {
    const r = ref("call");
    expect((await keys.claim(r, call())).claimed).toBe(true);
    const batch = { ...r, scope: "batch" as const };
    expect(
      (await keys.claimWith(batch, { requestHash: "b", batchId: "bat_y", answer: {} }, async () => {}))
        .claimed,
    ).toBe(true);
  });
});
