import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { platformKeyPrefix, redisPlatformStore } from "./store.ts";

// A platform's store (`ctx.store`) against the real Redis: keys scoped to the platform, every write with a TTL,
// the first writer winning a setIfAbsent, counters that keep their TTL. Every key under this file's prefix is
// deleted afterwards.

const redis = new Redis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379", {
  maxRetriesPerRequest: null,
});
const prefix = `store_${randomBytes(4).toString("hex")}`;
afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

describe("redisPlatformStore (ctx.store)", () => {
  it("keeps a platform's keys under <prefix>:upstream:<platform>:, out of another platform's reach", async () => {
    const forum = redisPlatformStore(redis, prefix, "forumsite");
    const news = redisPlatformStore(redis, prefix, "newssite");
    await forum.set("token:abc", "secret", 60_000);
    expect(await redis.get(`${platformKeyPrefix(prefix, "forumsite")}token:abc`)).toBe("secret");
    expect(await forum.get("token:abc")).toBe("secret");
    expect(await news.get("token:abc")).toBeNull();
    expect(await forum.getMany(["token:abc", "absent"])).toEqual(["secret", null]);
    expect(await forum.getMany([])).toEqual([]);
    await forum.delete("token:abc");
    expect(await forum.get("token:abc")).toBeNull();
  });

  it("writes every key with its TTL, and refuses a write without a positive one", async () => {
    const store = redisPlatformStore(redis, prefix, "videosite");
    const scope = platformKeyPrefix(prefix, "videosite");
    await store.set("a", "1", 30_000);
    expect(await store.setIfAbsent("lock", "first", 20_000)).toBe(true);
    expect(await store.setIfAbsent("lock", "second", 20_000)).toBe(false);
    expect(await store.get("lock")).toBe("first");
    expect(await store.increment("count", 10_000)).toBe(1);
    expect(await store.increment("count", 10_000)).toBe(2);
    for (const [key, limit] of [
      ["a", 30_000],
      ["lock", 20_000],
      ["count", 10_000],
    ] as const) {
      const ttl = await redis.pttl(scope + key);
      expect(ttl, key).toBeGreaterThan(0);
      expect(ttl, key).toBeLessThanOrEqual(limit);
    }
    // A fractional TTL is rounded up to whole milliseconds, never down to none.
    await store.set("tiny", "x", 0.2);
    expect(await redis.pttl(`${scope}tiny`)).toBeLessThanOrEqual(1);
    for (const bad of [0, -5, Number.NaN])
      await expect(store.set("never", "x", bad), String(bad)).rejects.toThrow(RangeError);
    await expect(store.setIfAbsent("never", "x", 0)).rejects.toThrow(RangeError);
    await expect(store.increment("never", -1)).rejects.toThrow(RangeError);
    expect(await redis.exists(`${scope}never`)).toBe(0);
  });
});
