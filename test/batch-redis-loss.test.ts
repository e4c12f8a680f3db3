import { loadServiceEnv } from "@sda/catalog";
import { testLogger } from "@sda/testing";
import { type RunningWorkers, startWorkers } from "@sda/worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chargedCredits, reservedCredits, send, waitForBatch } from "./support/batch.ts";
import { ledgerSum } from "./support/ledger.ts";
import { type Stack, startStack } from "./support/stack.ts";

// Batch state lives in PostgreSQL: jobs lost with Redis are found by the sweeper and enqueued again.
let stack: Stack;
let workers: RunningWorkers | null = null;
beforeAll(async () => {
  stack = await startStack({ workers: "none", env: { JOB_LOCK_MS: "1000", BATCH_SWEEP_MS: "200" } });
});
afterAll(async () => {
  await workers?.close(1000);
  await stack.close();
});

describe("a batch whose jobs Redis lost", () => {
  it("completes once the sweeper re-adds the running items' jobs; each item billed once", async () => {
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
    expect(await stack.ledger.prisma.batchItem.count({ where: { batchId, status: "running" } })).toBe(4);

    workers = await startWorkers(loadServiceEnv(stack.env), testLogger());
    const final = await waitForBatch(stack, key, batchId, 60_000);
    expect(final).toMatchObject({ status: "completed", succeeded: 6, failed: 0, creditsCharged: 6 });
    expect(await chargedCredits(stack, accountId)).toBe(6);
    expect(await ledgerSum(stack.ledger, accountId)).toBe(94);
    expect(await reservedCredits(stack, accountId)).toBe(0);
  }, 90_000);
});
