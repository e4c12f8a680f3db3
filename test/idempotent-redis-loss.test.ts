import { requestHash } from "@sda/batch";
import { FENCE_NOTE } from "@sda/ledger";
import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import { money } from "./support/ledger.ts";
import { startTestRedis } from "./support/redis-server.ts";
import { requestIdOf } from "./support/stack.ts";

// Issue 33: a direct call's `Idempotency-Key` lived in Redis, so a Redis that keeps nothing on disk forgot it with
// the call's job, and the retry with the key ran (and billed) the call again. The key and its answer now live in
// PostgreSQL beside the charge. This file's own redis-server has no persistence: a restart comes back empty.
const TRANSCRIPT = "/v1/videosite/transcript";
const VIDEO = { url: "https://www.youtube.com/watch?v=M4gD1WSo5mA" };
const idem = (key: string) => ({ "Idempotency-Key": key });

const test = stackTest
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this destructuring
  .extend("ownRedis", { scope: "file" }, async ({}, { onCleanup }) => {
    const redis = await startTestRedis();
    onCleanup(() => redis.kill());
    return redis;
  })
  .extend("stackOptions", { scope: "file" }, ({ ownRedis }) => ({ env: { REDIS_URL: ownRedis.url } }));

describe("Idempotency-Key across a Redis that lost its data", () => {
  test("a call answered before the loss: the retry replays the stored answer and is not charged again", async ({
    stack,
    ownRedis,
  }) => {
    const { key, accountId } = await stack.account(10);
    const first = await stack.get(TRANSCRIPT, key, VIDEO, idem("before-the-loss"));
    expect(first.status).toBe(200);
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 9, sum: 9, reserved: 0 });

    // SIGKILL and an empty restart: the call's job and its result are gone from Redis.
    await ownRedis.kill();
    await ownRedis.start();
    await expect
      .poll(async () => (await stack.get("/readyz", null)).status, { timeout: 30_000, interval: 100 })
      .toBe(200);

    const again = await stack.get(TRANSCRIPT, key, VIDEO, idem("before-the-loss"));
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("x-service-credits")).toBe(first.headers.get("x-service-credits"));
    expect(await stack.ledger.chargesFor(requestIdOf(first))).toHaveLength(1);
    expect(await stack.ledger.chargesFor(requestIdOf(again))).toHaveLength(0);
    // One charge: the ledger sum equals the balance, 10 − 1.
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 9, sum: 9, reserved: 0 });
  }, 60_000);

  test("a first call whose job is gone (its gateway died before the enqueue, or Redis lost it): the retry fences it, then runs once", async ({
    stack,
  }) => {
    const { key, accountId, keyId } = await stack.account(10);
    // The first call's claim, made 20 s ago, whose job Redis does not have.
    const earlier = { requestId: "req_lostWithRedis01", jobId: "job_lostWithRedis01" };
    const hash = requestHash({ operation: "videosite.transcript", params: VIDEO });
    const ref = { keyId, key: "job-gone", scope: "call" as const };
    const claimed = await stack.ledger.idempotency.claim(
      ref,
      { requestHash: hash, ...earlier },
      new Date(Date.now() - 20_000),
    );
    expect(claimed.claimed).toBe(true);

    const retry = await stack.get(TRANSCRIPT, key, VIDEO, idem("job-gone"));
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    expect(await stack.ledger.idempotency.find(ref)).toMatchObject({ requestId: requestIdOf(retry) });
    // The first call can never be charged now (its request id carries the fence), the retry is charged once.
    const underEarlier = (await stack.ledger.entries(accountId)).filter(
      (e) => e.requestId === earlier.requestId,
    );
    expect(underEarlier).toMatchObject([{ kind: "adjustment", amount: 0, note: FENCE_NOTE }]);
    expect(await stack.ledger.chargesFor(earlier.requestId)).toHaveLength(0);
    expect(await stack.ledger.chargesFor(requestIdOf(retry))).toHaveLength(1);
    expect(await money(stack.ledger, accountId)).toEqual({ balance: 9, sum: 9, reserved: 0 });
  }, 60_000);
});
