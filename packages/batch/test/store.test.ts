import { newId, randomSuffix } from "@sda/core";
import { createPrismaClient } from "@sda/ledger";
import { afterAll, describe, expect, inject, it } from "vitest";
import { BatchStore, type NewBatch } from "../src/store.ts";

// Two deployments on one database (one QUEUE_PREFIX each): each claims, sweeps and notifies only its own batches,
// and a batch from before the prefix was stored (NULL) stays every deployment's, as it was.

const prisma = createPrismaClient(inject("databaseUrl"), 4);
afterAll(() => prisma.$disconnect());

const share = { fixed: null, capacity: 8 };

/** A batch of `n` calls of a new account, completed webhook-less, made at `now`. */
function newBatch(n: number, now: Date, webhookUrl: string | null = null): NewBatch {
  const id = newId("bat");
  return {
    id,
    accountId: newId("acct"),
    keyId: newId("key"),
    label: null,
    estimatedMaxCredits: n,
    webhookUrl,
    webhookSecret: webhookUrl ? "whsec_x" : null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 86_400_000),
    calls: Array.from({ length: n }, (_, index) => ({
      index,
      requestId: newId("req"),
      operationId: "videosite.video-details",
      path: "/v1/videosite/video-details",
      params: { url: `https://youtu.be/M4gD1WSo5m${index}` },
      holdCredits: 1,
      maxCredits: 1,
    })),
  };
}

describe("BatchStore across deployments sharing a database", () => {
  const suffix = randomSuffix();
  const a = new BatchStore(prisma, `a_${suffix}`);
  const b = new BatchStore(prisma, `b_${suffix}`);

  it("claims, sweeps and lists queued work of its own deployment only", async () => {
    const now = new Date();
    const mine = newBatch(2, now);
    await a.create(mine);
    expect(await prisma.batch.findUnique({ where: { id: mine.id } })).toMatchObject({
      queuePrefix: `a_${suffix}`,
    });
    expect(await b.accountsWithQueuedItems(10_000)).not.toContain(mine.accountId);
    expect(await a.accountsWithQueuedItems(10_000)).toContain(mine.accountId);
    expect(await b.claim(mine.accountId, share, now)).toEqual([]);
    const claimed = await a.claim(mine.accountId, share, now);
    expect(claimed.map((c) => c.index)).toEqual([0, 1]);
    const later = new Date(now.getTime() + 60_000);
    expect((await b.runningClaimedBefore(later, 10_000)).map((i) => i.batchId)).not.toContain(mine.id);
    expect((await a.runningClaimedBefore(later, 10_000)).map((i) => i.batchId)).toContain(mine.id);
    // Reads by id see every deployment's batch.
    expect((await b.get(mine.id))?.id).toBe(mine.id);
  });

  it("leaves another deployment's finished batch's webhook to it", async () => {
    const now = new Date();
    const done = newBatch(1, now, "https://hooks.example/x");
    await a.create(done);
    await prisma.batch.update({ where: { id: done.id }, data: { completedAt: now, status: "completed" } });
    const later = new Date(now.getTime() + 60_000);
    expect(await b.pendingWebhooks(later, 10_000)).not.toContain(done.id);
    expect(await a.pendingWebhooks(later, 10_000)).toContain(done.id);
  });

  it("treats a batch stored before the prefix (NULL) as every deployment's", async () => {
    const now = new Date();
    const legacy = newBatch(1, now);
    await a.create(legacy);
    await prisma.batch.update({ where: { id: legacy.id }, data: { queuePrefix: null } });
    await prisma.batchItem.updateMany({ where: { batchId: legacy.id }, data: { queuePrefix: null } });
    expect(await b.accountsWithQueuedItems(10_000)).toContain(legacy.accountId);
    expect((await b.claim(legacy.accountId, share, now)).map((c) => c.batchId)).toEqual([legacy.id]);
  });
});
