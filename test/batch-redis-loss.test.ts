import { describe, expect, onTestFinished } from "vitest";
import { chargedCredits, reservedCredits, waitForBatch } from "./support/batch.ts";
import { stackTest } from "./support/fixtures.ts";
import { ledgerSum } from "./support/ledger.ts";
import { send, startStackWorkers } from "./support/stack.ts";

// Batch state lives in PostgreSQL: jobs lost with Redis are found by the sweeper and enqueued again.
const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  {
    workers: "none",
    ownDatabase: "batch_redis_loss",
    env: { JOB_LOCK_MS: "1000", BATCH_SWEEP_MS: "200" },
  },
);

describe("a batch whose jobs Redis lost", () => {
  test("completes once the sweeper re-adds the running items' jobs; each item billed once", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account();
    const calls = Array.from({ length: 6 }, () => ({
      path: "/v1/videosite/video-details",
      params: { url: "https://www.youtube.com/watch?v=M4gD1WSo5mA" },
    }));
    const submitted = await send(stack, "POST", "/v1/batch", key, { calls });
    const { batchId } = submitted.body.data;
    const queue = stack.gateway.deps.bridge.queue("videosite");
    expect(await queue.getJobCounts("prioritized")).toEqual({ prioritized: 4 });
    // No worker ran them; now Redis forgets them (a flushed or replaced Redis).
    await queue.obliterate({ force: true });
    expect(await stack.prisma.batchItem.count({ where: { batchId, status: "running" } })).toBe(4);

    const workers = await startStackWorkers(stack);
    onTestFinished(() => workers.close(1000));
    const final = await waitForBatch(stack, key, batchId, 60_000);
    expect(final).toMatchObject({ status: "completed", succeeded: 6, failed: 0, creditsCharged: 6 });
    expect(await chargedCredits(stack, accountId)).toBe(6);
    expect(await ledgerSum(stack.ledger, accountId)).toBe(94);
    expect(await reservedCredits(stack, accountId)).toBe(0);
  }, 90_000);
});
