import { describe, expect } from "vitest";
import { chargedCredits, reservedCredits, waitForBatch } from "./support/batch.ts";
import { stackTest } from "./support/fixtures.ts";
import { ledgerSum } from "./support/ledger.ts";
import { holdRepliesUntilReleased, send } from "./support/stack.ts";

// Without a fixed cap (BATCH_MAX_RUNNING_PER_ACCOUNT unset), the accounts running batches share BATCH_CAPACITY
// equally: a lone account's batch may fill it (as fast as direct calls), a second account gets its half at once.
const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  { ownDatabase: "batch_fair_share", env: { BATCH_MAX_RUNNING_PER_ACCOUNT: undefined, BATCH_CAPACITY: "6" } },
);

const calls = Array.from({ length: 12 }, () => ({
  path: "/v1/videosite/video-details",
  params: { url: "https://www.youtube.com/watch?v=M4gD1WSo5mA" },
}));

describe("batch capacity shared fairly between accounts", () => {
  test("a lone account runs the whole capacity; a second one gets an equal share at once; both bill exactly", async ({
    stack,
  }) => {
    const a = await stack.account(100);
    const b = await stack.account(100);
    // Hold the player so the claimed items are certainly still running when the counts are read.
    const release = holdRepliesUntilReleased(stack, "/youtubei/v1/player");
    const running = (batchId: string) =>
      stack.prisma.batchItem.count({ where: { batchId, status: "running" } });
    const first = await send(stack, "POST", "/v1/batch", a.key, { calls });
    expect(first.status).toBe(202);
    expect(await running(first.body.data.batchId)).toBe(6);
    const second = await send(stack, "POST", "/v1/batch", b.key, { calls });
    expect(second.status).toBe(202);
    expect(await running(second.body.data.batchId)).toBe(3);
    release();
    for (const [account, submitted] of [
      [a, first],
      [b, second],
    ] as const) {
      const done = await waitForBatch(stack, account.key, submitted.body.data.batchId);
      expect(done).toMatchObject({
        status: "completed",
        done: 12,
        succeeded: 12,
        failed: 0,
        creditsCharged: 12,
      });
      expect(await chargedCredits(stack, account.accountId)).toBe(12);
      expect(await stack.ledger.balance(account.accountId)).toBe(88);
      expect(await ledgerSum(stack.ledger, account.accountId)).toBe(88);
      expect(await reservedCredits(stack, account.accountId)).toBe(0);
    }
  }, 120_000);
});
