import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import { ledgerSum } from "./support/ledger.ts";
import type { ApiResponse, Stack } from "./support/stack.ts";

// Regression suite for "results given away after a 402" (issue 9, fault 1): an account with 10 credits sent 90
// parallel cache=true calls, got 10 × 200 and 80 × 402, then re-sent the 80 at balance 0 and got 44 × 200 HIT for
// free, because the worker cached every result before charging it and a hit skipped the balance check.

const test = stackTest.extend("stackOptions", { scope: "file" }, { env: { RATE_LIMIT_PER_SECOND: "1000" } });

const DETAILS = "/v1/videosite/video-details";
const video = (t: number) => `https://www.youtube.com/watch?v=M4gD1WSo5mA&t=${t}s`;

async function reservedOf(stack: Stack, accountId: string) {
  return (await stack.ledger.credits(accountId))?.reserved;
}

describe("nothing is served that was not paid for", () => {
  test("90 parallel calls on 10 credits: exactly 10 × 200 and 80 × 402; re-sent with cache=true at balance 0, only paid results come back, for 0 credits", async ({
    stack,
  }) => {
    const { accountId, key } = await stack.account(10);
    const send = (t: number, cache: string) => stack.get(DETAILS, key, { url: video(t), cache });
    const ts = Array.from({ length: 90 }, (_, i) => i + 1);
    const first = await Promise.all(ts.map((t) => send(t, "false")));
    const ok = first.filter((r) => r.status === 200);
    const other = first.filter((r) => r.status !== 200 && r.status !== 402);
    expect(other.map((r) => [r.status, r.body.error?.code])).toEqual([]);
    expect(ok).toHaveLength(10);
    expect(first.filter((r) => r.status === 402)).toHaveLength(80);
    for (const r of first.filter((r) => r.status === 402))
      expect(r.body.error).toMatchObject({ code: "insufficient_credits", retryable: false });
    expect(ok.every((r) => r.headers.get("x-service-credits") === "1")).toBe(true);
    expect(await stack.ledger.balance(accountId)).toBe(0);

    // The cache key is the canonical video, not the URL string: every `t` variant names the same paid result.
    const refusedTs = ts.filter((_, i) => (first[i] as ApiResponse).status === 402);
    const again = await Promise.all(refusedTs.map((t) => send(t, "true")));
    for (const r of again) {
      expect(r.status).toBe(200);
      expect(r.headers.get("x-service-cache")).toBe("HIT");
      expect(r.headers.get("x-service-credits")).toBe("0");
      expect(r.body.data).toEqual((ok[0] as ApiResponse).body.data);
    }
    expect(await stack.ledger.balance(accountId)).toBe(0);
    expect(await ledgerSum(stack.ledger, accountId)).toBe(0);
    expect(await reservedOf(stack, accountId)).toBe(0);
  });

  test("a gateway that has seen the balance: 40 parallel calls on 20 credits are exactly 20 × 200 and 20 × 402; a refused call adds no job and makes no upstream request; nothing refused is charged or held", async ({
    stack,
  }) => {
    const { accountId, key } = await stack.account(21);
    // One call first: its answer shows this gateway the balance (20; the calls that once went the speculative way,
    // enqueued alongside their reservation, before issue 32), and counts the upstream requests of one call.
    const hitsBefore = stack.replay.hits.length;
    expect((await stack.get(DETAILS, key, { url: video(5000) })).status).toBe(200);
    const perCall = stack.replay.hits.length - hitsBefore;
    expect(perCall).toBeGreaterThan(0);
    const queue = stack.gateway.deps.bridge.queue("videosite");
    const finishedBefore = await queue.getJobCountByTypes("completed", "failed");
    const start = stack.replay.hits.length;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => stack.get(DETAILS, key, { url: video(5001 + i) })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(20);
    expect(answers.filter((r) => r.status === 402)).toHaveLength(20);
    // Reserve, then enqueue: only the 20 held calls were added as jobs, and only they reached the upstream.
    await expect.poll(() => queue.getJobCountByTypes("waiting", "active", "prioritized", "delayed")).toBe(0);
    await expect
      .poll(async () => (await queue.getJobCountByTypes("completed", "failed")) - finishedBefore)
      .toBe(20);
    expect(stack.replay.hits.length - start).toBe(20 * perCall);
    expect(await stack.ledger.balance(accountId)).toBe(0);
    expect(await ledgerSum(stack.ledger, accountId)).toBe(0);
    expect(await reservedOf(stack, accountId)).toBe(0);
  });

  test("a paid result is served again from the cache at 0 credits, even at balance 0", async ({ stack }) => {
    const { accountId, key } = await stack.account(1);
    const paid = await stack.get(DETAILS, key, { url: "https://youtu.be/kX3nB4PpJko", cache: "true" });
    expect(paid.status).toBe(200);
    expect(paid.headers.get("x-service-credits")).toBe("1");
    const hit = await stack.get(DETAILS, key, {
      url: "https://www.youtube.com/shorts/kX3nB4PpJko",
      cache: "true",
    });
    expect(hit.status).toBe(200);
    expect(hit.headers.get("x-service-cache")).toBe("HIT");
    expect(hit.headers.get("x-service-credits")).toBe("0");
    expect(hit.body.data).toEqual(paid.body.data);
    expect(await stack.ledger.balance(accountId)).toBe(0);
    expect(await ledgerSum(stack.ledger, accountId)).toBe(0);
  });

  test("a failed call releases its hold: the balance is whole again and available for the next call", async ({
    stack,
  }) => {
    const { accountId, key } = await stack.account(1);
    const missing = await stack.get(DETAILS, key, { url: "https://www.youtube.com/watch?v=8VajtrESJzA" });
    expect(missing.status).toBe(404);
    expect(await reservedOf(stack, accountId)).toBe(0);
    const next = await stack.get(DETAILS, key, { url: video(2000) });
    expect(next.status).toBe(200);
    expect(await stack.ledger.balance(accountId)).toBe(0);
    expect(await ledgerSum(stack.ledger, accountId)).toBe(0);
  });
});
