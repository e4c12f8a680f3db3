import { Cluster, type ClusterOptions, Redis, type RedisOptions } from "ioredis";

/**
 * The service's Redis client: one server (`REDIS_URL`, the default) or a Redis Cluster (`REDIS_CLUSTER_NODES`). Both
 * speak the same commands; what differs (duplicating, SCAN over every master) goes through the helpers below.
 */
export type RedisClient = Redis | Cluster;

/** Where the service's Redis is: a URL, or the seed nodes of a cluster (`host:port`, at least one). */
export interface RedisTarget {
  url: string;
  /** When non-empty, a Redis Cluster is used and `url` is ignored (only its password and TLS are not taken). */
  clusterNodes?: readonly string[];
}

/**
 * `REDIS_CLUSTER_NODES` parsed: comma-separated `host:port` seeds, blanks dropped (`""` → `[]`, a single Redis).
 * @throws RangeError when a seed is not `host:port` with a port in 1–65535.
 */
export function parseClusterNodes(text: string): string[] {
  const nodes = text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const node of nodes) {
    const port = Number(node.slice(node.lastIndexOf(":") + 1));
    if (node.lastIndexOf(":") < 1 || !Number.isInteger(port) || port < 1 || port > 65535)
      throw new RangeError(`REDIS_CLUSTER_NODES: "${node}" is not host:port`);
  }
  return nodes;
}

/**
 * A new client for `target` with `options` (per connection: on a cluster they apply to every node's connection, and
 * `lazyConnect`, `enableReadyCheck`, `enableAutoPipelining` also to the cluster itself; the per-request retry limit
 * stays per node connection, as BullMQ expects; `enableOfflineQueue: false` is not applied on a cluster, see below).
 */
export function connectRedis(target: RedisTarget, options: RedisOptions = {}): RedisClient {
  const nodes = target.clusterNodes ?? [];
  if (nodes.length === 0) return new Redis(target.url, options);
  return new Cluster(
    nodes.map((n) => ({
      host: n.slice(0, n.lastIndexOf(":")),
      port: Number(n.slice(n.lastIndexOf(":") + 1)),
    })),
    clusterOptions(options),
  );
}

function clusterOptions(options: RedisOptions): ClusterOptions {
  const {
    lazyConnect,
    enableReadyCheck,
    enableAutoPipelining,
    enableOfflineQueue: _perNode,
    ...nodeOptions
  } = options;
  return {
    // The node connections keep their offline queue (ioredis's own), and so does the cluster: one without it never got
    // ready after a failover had turned its seeds into replicas (its first slot and ready checks fail at once). So
    // fail-fast (`enableOfflineQueue: false`) is not applied on a cluster: while the cluster is not ready, commands
    // wait for it (the gateway's deadlines still bound each call).
    redisOptions: nodeOptions,
    ...(lazyConnect !== undefined ? { lazyConnect } : {}),
    ...(enableReadyCheck !== undefined ? { enableReadyCheck } : {}),
    ...(enableAutoPipelining !== undefined ? { enableAutoPipelining } : {}),
  };
}

/** Another connection to the same Redis or cluster, `options` over the original's (see {@link connectRedis}). */
export function duplicateRedis(redis: RedisClient, options: RedisOptions = {}): RedisClient {
  if (isCluster(redis)) {
    return redis.duplicate(undefined, clusterOptions({ ...redis.options.redisOptions, ...options }));
  }
  return redis.duplicate(options);
}

/**
 * Every key matching `pattern` (a SCAN MATCH glob) with SCAN, never KEYS: on a cluster on every master in turn (a
 * SCAN sent to a cluster client reaches one node only). Keys may repeat (SCAN's guarantee), batches of about `count`.
 */
export async function* scanKeys(redis: RedisClient, pattern: string, count = 500): AsyncGenerator<string[]> {
  // A cluster client knows its masters once it has read the slots: a first command waits for that.
  if (isCluster(redis) && redis.status !== "ready") await redis.ping();
  const nodes = isCluster(redis) ? redis.nodes("master") : [redis];
  for (const node of nodes) {
    let cursor = "0";
    do {
      const [next, keys] = await node.scan(cursor, "MATCH", pattern, "COUNT", count);
      cursor = next;
      if (keys.length) yield keys;
    } while (cursor !== "0");
  }
}

/** Whether `redis` is a Redis Cluster client (`REDIS_CLUSTER_NODES`). */
export function isCluster(redis: RedisClient): redis is Cluster {
  return redis instanceof Cluster;
}

/**
 * The part of a key that decides its cluster slot: `{text}` (a hash tag) on a cluster, `text` as it is on one server.
 * Keys whose first `{…}` holds the same text live in one slot, so one Lua script, MULTI or multi-key command may touch
 * them all, while keys with different tags spread over the masters. On one server the names stay what they always
 * were, so an upgraded deployment keeps its queues, schedules and tokens.
 * @throws RangeError when `text` is empty or holds a brace (the tag would end early or not count).
 */
export function slotTag(redis: RedisClient, text: string): string {
  if (!text || /[{}]/.test(text)) throw new RangeError(`not a hash tag's text: "${text}"`);
  return isCluster(redis) ? `{${text}}` : text;
}
