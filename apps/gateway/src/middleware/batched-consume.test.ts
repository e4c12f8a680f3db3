import { deleteKeysWithPrefix } from "@sda/testing";
import fc from "fast-check";
import { Redis } from "ioredis";
import { RateLimiterRedis } from "rate-limiter-flexible";
import { afterAll, describe, expect, it } from "vitest";
import { batchedConsume } from "./batched-consume.ts";

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const redis = new Redis(redisUrl);
const prefix = `bc_${Date.now()}_${process.pid}`;
afterAll(async () => {
  await deleteKeysWithPrefix(redisUrl, prefix);
  redis.disconnect();
});

let limiters = 0;
/** A limiter of `points` per 60 s (no window ends mid-test) under a key prefix of its own. */
function limiter(points: number): RateLimiterRedis {
  limiters += 1;
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${prefix}:${limiters}`,
    points,
    duration: 60,
  });
}

describe("batchedConsume", () => {
  it("gives every call of a turn the state one consume per call would have given", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.constantFrom("key_a", "key_b", "key_c"), { minLength: 1, maxLength: 30 }),
        async (points, calls) => {
          const consume = batchedConsume(limiter(points));
          const states = await Promise.all(calls.map((keyId) => consume(keyId)));
          for (const keyId of new Set(calls)) {
            const mine = states.filter((_, i) => calls[i] === keyId);
            // The n calls of a key are its points 1…n of the window, in call order.
            expect(mine.map((s) => s.consumedPoints)).toEqual(mine.map((_, i) => i + 1));
            expect(mine.map((s) => s.remainingPoints)).toEqual(
              mine.map((_, i) => Math.max(0, points - i - 1)),
            );
            expect(mine.filter((s) => s.consumedPoints <= points)).toHaveLength(
              Math.min(points, mine.length),
            );
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it("goes on counting from the window's count across turns, like separate consumes", async () => {
    const shared = limiter(5);
    const consume = batchedConsume(shared);
    const first = await Promise.all([consume("key_a"), consume("key_a")]);
    const second = await Promise.all([
      consume("key_a"),
      consume("key_a"),
      consume("key_a"),
      consume("key_a"),
    ]);
    expect([...first, ...second].map((s) => s.consumedPoints)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await shared.get("key_a"))?.consumedPoints).toBe(6);
  });

  it("rejects every call of the batch with the store's error when Redis cannot be reached", async () => {
    const down = new Redis("redis://127.0.0.1:1", {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
    });
    down.on("error", () => undefined);
    const consume = batchedConsume(
      new RateLimiterRedis({ storeClient: down, keyPrefix: `${prefix}:down`, points: 5, duration: 1 }),
    );
    const answers = await Promise.allSettled([consume("key_a"), consume("key_b")]);
    expect(answers.map((a) => a.status)).toEqual(["rejected", "rejected"]);
    down.disconnect();
  });
});
