import { Redis } from "ioredis";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createPrismaClient } from "./client.ts";
import { KeyCache, revokeApiKeyEverywhere } from "./key-cache.ts";
import { Ledger } from "./ledger.ts";

// The cache writes no Redis key: it only subscribes to (and the revocation publishes on) `<prefix>:keys:invalidate`.
const redis = new Redis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
const prisma = createPrismaClient(inject("databaseUrl"), 5);
const ledger = new Ledger(prisma);
const caches: KeyCache[] = [];
afterAll(async () => {
  for (const cache of caches) await cache.close();
  redis.disconnect();
  await prisma.$disconnect();
});

async function startedCache(): Promise<KeyCache> {
  const cache = new KeyCache(ledger, redis, { prefix: `kc_${Date.now()}_${caches.length}`, ttlMs: 60_000 });
  caches.push(cache);
  await cache.start();
  return cache;
}

async function cachedKey(cache: KeyCache): Promise<{ secret: string; keyId: string }> {
  const account = await ledger.createAccount({ name: "key-cache" });
  const key = await ledger.createApiKey(account.id);
  expect((await cache.authenticate(key.secret)).ok).toBe(true);
  expect(cache.cached(key.secret)).not.toBeNull();
  return key;
}

describe("KeyCache", () => {
  it("drops the revoking process's own copy before the revocation returns, without waiting for pub/sub", async () => {
    const cache = await startedCache();
    const { secret, keyId } = await cachedKey(cache);
    // An unrelated prefix: no message can reach this cache, so only the direct invalidation can drop the key.
    expect(await revokeApiKeyEverywhere(ledger, redis, "kc_elsewhere", keyId, cache)).toBe(true);
    expect(cache.cached(secret)).toBeNull();
    expect(await cache.authenticate(secret)).toEqual({ ok: false, reason: "revoked" });
  });

  it("drops the key in every other process of the prefix through the invalidation channel", async () => {
    const prefix = `kc_${Date.now()}_shared`;
    const [here, there] = [
      new KeyCache(ledger, redis, { prefix, ttlMs: 60_000 }),
      new KeyCache(ledger, redis, { prefix, ttlMs: 60_000 }),
    ];
    caches.push(here, there);
    await Promise.all([here.start(), there.start()]);
    const { secret, keyId } = await cachedKey(here);
    expect((await there.authenticate(secret)).ok).toBe(true);
    expect(await revokeApiKeyEverywhere(ledger, redis, prefix, keyId, here)).toBe(true);
    await expect.poll(() => there.cached(secret)).toBeNull();
    expect(await there.authenticate(secret)).toEqual({ ok: false, reason: "revoked" });
  });

  it("never puts back a key whose PostgreSQL read was overtaken by a revocation", async () => {
    const cache = await startedCache();
    const account = await ledger.createAccount({ name: "key-cache" });
    const { secret, keyId } = await ledger.createApiKey(account.id);
    const reading = cache.authenticate(secret); // reads PostgreSQL before the revocation lands
    cache.invalidate(keyId);
    expect((await reading).ok).toBe(true);
    expect(cache.cached(secret)).toBeNull();
  });
});
