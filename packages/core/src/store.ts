import { type RedisClient, slotTag } from "./redis.ts";

/**
 * A platform's key-value store in the shared Redis, already scoped to its own keys (`<QUEUE_PREFIX>:upstream:<name>:`):
 * handlers name keys relative to it (`token:<clientId>`, `ids:<hash>`) and cannot reach another platform's or the
 * service's keys. Every key written carries a time to live, so nothing a handler stores outlives its use. Shared by
 * every worker with the same prefix (OAuth tokens, rate-limit pauses, cursor id lists, session cooldowns).
 */
export interface PlatformStore {
  /** The value of `key`, or null when unset or expired. */
  get(key: string): Promise<string | null>;
  /** The values of `keys`, in order (null for each unset one); `[]` for no keys. */
  getMany(keys: readonly string[]): Promise<(string | null)[]>;
  /** Sets `key` to `value` for `ttlMs` milliseconds (at least 1), replacing any value. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /**
   * Sets `key` to `value` for `ttlMs` milliseconds only when it is unset (a lock, a first writer wins).
   * @returns true when this call wrote it.
   */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Deletes `key` (nothing when unset). */
  delete(key: string): Promise<void>;
  /**
   * Adds 1 to the counter `key` (0 when unset) and keeps it `ttlMs` milliseconds from now.
   * @returns the new value.
   */
  increment(key: string, ttlMs: number): Promise<number>;
}

/**
 * `<prefix>:upstream:<platform>:`: where {@link redisPlatformStore} keeps a platform's keys; with `redis` a cluster
 * `<prefix>:upstream:{<platform>}:` (one slot per platform, so `getMany`'s MGET stays single-slot).
 */
export function platformKeyPrefix(prefix: string, platform: string, redis?: RedisClient): string {
  return `${prefix}:upstream:${redis ? slotTag(redis, platform) : platform}:`;
}

/**
 * The {@link PlatformStore} of `platform` in `redis` under the service's key prefix (`QUEUE_PREFIX`).
 * @throws RangeError (from each write) when a TTL is not a positive number of milliseconds.
 */
export function redisPlatformStore(redis: RedisClient, prefix: string, platform: string): PlatformStore {
  const scope = platformKeyPrefix(prefix, platform, redis);
  const ttl = (ms: number) => {
    if (!(ms > 0)) throw new RangeError(`a stored key needs a positive TTL (got ${ms} ms)`);
    return Math.max(1, Math.ceil(ms));
  };
  return {
    get: (key) => redis.get(scope + key),
    getMany: async (keys) => (keys.length === 0 ? [] : redis.mget(...keys.map((k) => scope + k))),
    async set(key, value, ttlMs) {
      await redis.set(scope + key, value, "PX", ttl(ttlMs));
    },
    async setIfAbsent(key, value, ttlMs) {
      return (await redis.set(scope + key, value, "PX", ttl(ttlMs), "NX")) === "OK";
    },
    async delete(key) {
      await redis.del(scope + key);
    },
    async increment(key, ttlMs) {
      const replies = await redis
        .multi()
        .incr(scope + key)
        .pexpire(scope + key, ttl(ttlMs))
        .exec();
      const [error, value] = replies?.[0] ?? [new Error("the increment's transaction was aborted"), 0];
      if (error) throw error;
      return Number(value);
    },
  };
}
