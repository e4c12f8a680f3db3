import { describe, expect } from "vitest";
import { allResults, chargedCredits, reservedCredits, waitForBatch } from "./support/batch.ts";
import { stackTest } from "./support/fixtures.ts";
import { ledgerSum } from "./support/ledger.ts";
import { holdReplies, killWorkerInFlight, send } from "./support/stack.ts";

// Workers run as their own OS processes here, so one can be killed with SIGKILL while it runs batch items.
const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  { workers: "none", env: { JOB_LOCK_MS: "1500", BATCH_SWEEP_MS: "500" } },
);

describe("a worker killed mid-batch", () => {
  test("every item ends exactly once, is billed at most once, and the batch completes", async ({ stack }) => {
    const { key, accountId } = await stack.account(100);
    const first = stack.spawnWorker();
    // Hold the player so the first items are certainly in flight when the worker dies.
    const release = stack.replay.addFault(holdReplies("/youtubei/v1/player", 2500));
    const calls = Array.from({ length: 30 }, (_, i) => ({
      path: "/v1/videosite/video-details",
      params: { url: `https://www.youtube.com/watch?v=${i % 2 ? "M4gD1WSo5mA" : "ud9d5cMDP_0"}` },
    }));
    const submitted = await send(stack, "POST", "/v1/batch", key, { calls });
    expect(submitted.status).toBe(202);
    const { batchId } = submitted.body.data;
    await killWorkerInFlight(stack, first, ["/youtubei/v1/player"], release);

    const final = await waitForBatch(stack, key, batchId);
    expect(final).toMatchObject({ status: "completed", total: 30, done: 30, succeeded: 30, failed: 0 });
    const { items } = await allResults(stack, key, batchId);
    expect(items.map((i) => i.status)).toEqual(Array(30).fill("succeeded"));
    for (const item of items) expect(item.credits).toBe(1);
    // Billed at most once per item: one charge per request id, and the batch's total is the ledger's.
    const rows = await stack.prisma.batchItem.findMany({
      where: { batchId },
      select: { requestId: true },
    });
    for (const { requestId } of rows) expect(await stack.ledger.chargesFor(requestId)).toHaveLength(1);
    expect(final.creditsCharged).toBe(30);
    expect(await chargedCredits(stack, accountId)).toBe(30);
    expect(await stack.ledger.balance(accountId)).toBe(70);
    expect(await ledgerSum(stack.ledger, accountId)).toBe(70);
    expect(await reservedCredits(stack, accountId)).toBe(0);
    expect(await stack.prisma.requestLog.count({ where: { batchId } })).toBe(30);
  }, 90_000);
});
