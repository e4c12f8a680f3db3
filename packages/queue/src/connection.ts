import {
  connectRedis,
  isCluster,
  parseClusterNodes,
  type RedisClient,
  type RedisTarget,
  scanKeys,
  slotTag,
} from "@sda/core";

/**
 * An ioredis connection for BullMQ and the service's own keys. `maxRetriesPerRequest: null` is what BullMQ requires
 * for workers and queue events (blocking commands must wait through reconnects instead of failing); `failFast` is for
 * the gateway's request path. `target` is one server (`REDIS_URL`, or a URL string) or a cluster's seeds (`REDIS_CLUSTER_NODES`, then
 * an ioredis `Cluster`: see {@link redisTarget}).
 */
export function createRedis(
  target: RedisTarget | string,
  options: { lazyConnect?: boolean; failFast?: boolean } = {},
): RedisClient {
  const redis = connectRedis(typeof target === "string" ? { url: target } : target, {
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

/**
 * A BullMQ queue or worker on a connection of its own: `make` gets a duplicate of `connection`, which ends when the
 * object's `close()` settles. BullMQ counts a client it is handed as shared (the caller's) and leaves it open on
 * close, so a duplicate handed over directly stayed connected after its worker closed — reconnecting for ever to a
 * Redis that had gone (a test's own server), one more idle client per closed worker on a live one.
 * @returns what `make` returned, its `close` wrapped.
 */
export function withOwnConnection<T extends { close(...args: never[]): Promise<void> }>(
  connection: RedisClient,
  make: (own: RedisClient) => T,
): T {
  const own = connection.duplicate();
  const owner = make(own);
  const close = owner.close.bind(owner);
  owner.close = (async (...args: Parameters<T["close"]>) => {
    try {
      await close(...args);
    } finally {
      own.disconnect();
    }
  }) as T["close"];
  return owner;
}

/** Resolves once `redis` is ready for commands (a fail-fast connection refuses commands before that). */
export async function redisReady(redis: RedisClient): Promise<void> {
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
export async function deleteKeysUnder(redis: RedisClient, prefix: string): Promise<number> {
  let deleted = 0;
  // One UNLINK per key: a batch's keys may live in different slots of a cluster (auto-pipelined on one server).
  for await (const keys of scanKeys(redis, `${prefix}:*`, 1000))
    for (const n of await Promise.all(keys.map((k) => redis.unlink(k)))) deleted += n;
  return deleted;
}

/** Where the service's Redis is, from its configuration: `REDIS_CLUSTER_NODES` when set, else `REDIS_URL`. */
export function redisTarget(config: { REDIS_URL: string; REDIS_CLUSTER_NODES?: string }): RedisTarget {
  return { url: config.REDIS_URL, clusterNodes: parseClusterNodes(config.REDIS_CLUSTER_NODES ?? "") };
}

/**
 * The BullMQ prefix of queue `queue` on `redis`: on a cluster `<prefix>:{<queue>}`, whose hash tag keeps all of one
 * queue's keys (its Lua scripts touch several) in one slot and spreads different queues over the masters; on one
 * server `<prefix>` as it always was (BullMQ's keys `<prefix>:<queue>:…`).
 */
export function queuePrefix(redis: RedisClient, prefix: string, queue: string): string {
  return isCluster(redis) ? `${prefix}:${slotTag(redis, queue)}` : prefix;
}
