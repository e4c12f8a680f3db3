import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import { ledgerSum } from "./support/ledger.ts";
import { gatewayMetric } from "./support/metrics.ts";
import type { ApiResponse, Stack } from "./support/stack.ts";

// Regression suite for "results given away after a 402" (issue 9, fault 1): an account with 10 credits sent 90
// parallel cache=true calls, got 10 × 200 and 80 × 402, then re-sent the 80 at balance 0 and got 44 × 200 HIT for
// free, because the worker cached every result before charging it and a hit skipped the balance check.

const METRICS_TOKEN = "operator-metrics-token-0123456789";
const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  { env: { RATE_LIMIT_PER_SECOND: "1000", METRICS_TOKEN } },
);

const metric = (stack: Stack, series: string) => gatewayMetric(stack, METRICS_TOKEN, series);

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

  test("speculative enqueue (the gateway saw the balance): 40 parallel calls on 20 credits are exactly 20 × 200 and 20 × 402; nothing refused is charged or held", async ({
    stack,
    redis,
  }) => {
    const { accountId, key } = await stack.account(21);
    // One call first: its answer shows this gateway the balance (20), so the next calls may speculate.
    expect((await stack.get(DETAILS, key, { url: video(5000) })).status).toBe(200);
    const prefix = stack.env.QUEUE_PREFIX ?? "";
    const wordsBefore = (await redis.keys(`${prefix}:hold:*`)).length;
    const speculated = async () =>
      (await metric(stack, 'sda_gateway_speculative_calls_total{outcome="held"}')) +
      (await metric(stack, 'sda_gateway_speculative_calls_total{outcome="refused"}'));
    const speculatedBefore = await speculated();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => stack.get(DETAILS, key, { url: video(5001 + i) })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(20);
    expect(answers.filter((r) => r.status === 402)).toHaveLength(20);
    // Some of them went the speculative way (the gateway's words to the workers, kept with a TTL), and the gateway
    // counted each by its reservation's outcome.
    const words = (await redis.keys(`${prefix}:hold:*`)).length - wordsBefore;
    expect(words).toBeGreaterThan(0);
    expect((await speculated()) - speculatedBefore).toBe(words);
    expect(await stack.ledger.balance(accountId)).toBe(0);
    expect(await ledgerSum(stack.ledger, accountId)).toBe(0);
    // Refused speculative jobs finish after their 402 was answered; none of them holds or charges anything.
    await expect.poll(() => reservedOf(stack, accountId)).toBe(0);
    expect(await stack.ledger.balance(accountId)).toBe(0);
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
