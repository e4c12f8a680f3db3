import { Redis } from "ioredis";

/**
 * An ioredis connection for BullMQ and the service's own keys. `maxRetriesPerRequest: null` is what BullMQ requires
 * for workers and queue events (blocking commands must wait through reconnects instead of failing); `failFast` is for
 * the gateway's request path.
 */
export function createRedis(url: string, options: { lazyConnect?: boolean; failFast?: boolean } = {}): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: options.failFast ? 1 : null,
    // Fail fast: while Redis is down a command rejects at once (the gateway answers 503) instead of waiting in
    // ioredis's offline queue for a reconnect.
    enableOfflineQueue: !options.failFast,
    enableReadyCheck: true,
    lazyConnect: options.lazyConnect ?? false,
  });
  // Connection errors reach the callers of the commands (the gateway answers 503) and ioredis reconnects by itself;
  // without a listener ioredis would print every failed reconnect attempt as an "unhandled error event".
  redis.on("error", () => undefined);
  return redis;
}

/** Resolves once `redis` is ready for commands (a fail-fast connection refuses commands before that). */
export async function redisReady(redis: Redis): Promise<void> {
  if (redis.status === "ready") return;
  await new Promise<void>((resolve, reject) => {
    const onReady = () => {
      redis.off("end", onEnd);
      resolve();
    };
    const onEnd = () => {
      redis.off("ready", onReady);
      reject(new Error("the Redis connection closed before it was ready"));
    };
    redis.once("ready", onReady);
    redis.once("end", onEnd);
  });
}

/**
 * Deletes every key under `prefix:` with SCAN + UNLINK (a demo's or a bench run's queues, cache and rate-limit keys).
 * @returns the number of keys deleted.
 */
export async function deleteKeysUnder(redis: Redis, prefix: string): Promise<number> {
  let deleted = 0;
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 1000);
    cursor = next;
    if (keys.length) deleted += await redis.unlink(...keys);
  } while (cursor !== "0");
  return deleted;
}
