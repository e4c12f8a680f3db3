import { expectLedgerReconciled } from "@sda/testing";
import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import { holdReplies, requestIdOf } from "./support/stack.ts";

// Fault suite: a worker process gets SIGTERM (a deploy, a scale-down) while it runs jobs.
// Hold the caption bodies so the jobs are certainly running when the signal arrives.
const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  {
    workers: "none",
    env: { REQUEST_DEADLINE_MS: "60000" },
    replayFaults: [holdReplies("/api/timedtext", 2000)],
  },
);

const TRANSCRIPT = "/v1/videosite/transcript";
const VIDEO = { url: "https://www.youtube.com/watch?v=M4gD1WSo5mA" };
describe("worker SIGTERM", () => {
  test("drains its 3 in-flight jobs (each answered 200, billed once), takes no new job, and exits 0", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(10);
    const queue = stack.gateway.deps.bridge.queue("videosite");
    const first = stack.spawnWorker();
    const exited = new Promise<number | null>((resolve) => first.once("exit", resolve));
    await expect.poll(() => queue.getWorkersCount(), { timeout: 30_000, interval: 100 }).toBe(1);

    const inFlight = Promise.all([1, 2, 3].map(() => stack.get(TRANSCRIPT, key, VIDEO)));
    await expect.poll(() => queue.getActiveCount(), { timeout: 30_000, interval: 20 }).toBe(3);
    first.kill("SIGTERM");
    // Sent after the signal: the draining worker must leave it to the next worker.
    await expect.poll(() => queue.getWorkersCount(), { timeout: 30_000, interval: 20 }).toBe(0);
    const late = stack.get(TRANSCRIPT, key, VIDEO);

    const drained = await inFlight;
    expect(drained.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await exited).toBe(0);
    expect(await queue.getWaitingCount()).toBe(1);

    stack.spawnWorker();
    const lateResponse = await late;
    expect(lateResponse.status).toBe(200);
    for (const r of [...drained, lateResponse])
      expect(await stack.ledger.chargesFor(requestIdOf(r))).toHaveLength(1);
    expect(await stack.ledger.balance(accountId)).toBe(6);
    await expectLedgerReconciled(stack.prisma, [accountId]);
  }, 90_000);
});
