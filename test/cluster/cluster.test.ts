import { connectRedis, isCluster, parseClusterNodes, scanKeys } from "@sda/core";
import { Redis } from "ioredis";
import { expect, inject } from "vitest";
import { stackTest as test } from "../support/fixtures.ts";
import { ledgerSum, money } from "../support/ledger.ts";
import { redisCli, waitForCluster } from "../support/redis-cluster.ts";
import type { Stack } from "../support/stack.ts";

// The cluster project's own checks (the other suites of the project run unchanged on the same cluster): the stack
// really runs on the cluster, with each queue's keys in its own hash-tagged slot, and a failover of every master
// while calls are in flight neither loses nor doubles a credit.

const DETAILS = "/v1/videosite/video-details";
const VIDEO = "https://www.youtube.com/watch?v=GJLlxj_dtq8";

/** Every key under `prefix:` on the run's cluster (all masters). */
async function clusterKeys(prefix: string): Promise<string[]> {
  const cluster = connectRedis({ url: "", clusterNodes: parseClusterNodes(inject("redisClusterNodes")) });
  try {
    const keys = new Set<string>();
    for await (const batch of scanKeys(cluster, `${prefix}:*`)) for (const key of batch) keys.add(key);
    return [...keys];
  } finally {
    cluster.disconnect();
  }
}

test("the stack's keys live on the cluster, each queue's in its own slot; a fresh call then a cache hit", async ({
  stack,
}) => {
  expect(stack.env.REDIS_CLUSTER_NODES).toBe(inject("redisClusterNodes"));
  expect(isCluster(stack.gateway.deps.redis)).toBe(true);
  const { key, accountId } = await stack.account(10);
  const fresh = await stack.get(DETAILS, key, { url: VIDEO, cache: "true" });
  expect(fresh.status).toBe(200);
  expect(fresh.headers.get("x-service-credits")).toBe("1");
  const hit = await stack.get(DETAILS, key, { url: VIDEO, cache: "true" });
  expect(hit.headers.get("x-service-cache")).toBe("HIT");
  expect(hit.headers.get("x-service-credits")).toBe("0");
  expect(await ledgerSum(stack.ledger, accountId)).toBe(9);

  const prefix = stack.env.QUEUE_PREFIX as string;
  const keys = await clusterKeys(prefix);
  const jobKeys = keys.filter((k) => k.startsWith(`${prefix}:{videosite}:videosite:`));
  expect(jobKeys.length).toBeGreaterThan(0);
  expect(keys.some((k) => k.startsWith(`${prefix}:cache:`))).toBe(true);
  // Nothing of this stack on the machine's single Redis.
  const single = new Redis(stack.env.REDIS_URL ?? "");
  try {
    expect(await single.scan("0", "MATCH", `${prefix}:*`, "COUNT", 10_000)).toEqual(["0", []]);
  } finally {
    single.disconnect();
  }
});

/**
 * 12 fresh calls of a 100-credit account, held upstream while `event` happens to the cluster and let go after it:
 * each call answered 200 and billed once, the ledger sum = balance, nothing left reserved.
 */
async function twelveCallsThrough(stack: Stack, event: () => Promise<void>): Promise<void> {
  const { key, accountId } = await stack.account(100);
  let release!: () => void;
  const until = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Counts the upstream requests it holds (the replay records a hit only once it answered).
  let held = 0;
  const remove = stack.replay.addFault({ when: () => ++held > 0, delayMs: 60_000, until });
  try {
    const calls = Array.from({ length: 12 }, () => stack.get(DETAILS, key, { url: VIDEO }));
    await expect.poll(() => held, { timeout: 30_000 }).toBeGreaterThan(0);
    await event();
    remove();
    release();
    const answers = await Promise.all(calls);
    for (const answer of answers) expect(answer.status).toBe(200);
    const charged = answers.reduce((sum, a) => sum + Number(a.headers.get("x-service-credits")), 0);
    expect(charged).toBe(12);
    await expect
      .poll(() => money(stack.ledger, accountId), { timeout: 30_000 })
      .toEqual({ balance: 100 - charged, sum: 100 - charged, reserved: 0 });
  } finally {
    remove();
    release();
  }
}

/** The cluster's masters' and replicas' ports as the run's global setup made them. */
const clusterPorts = () => ({
  masters: parseClusterNodes(inject("redisClusterNodes")).map((n) => Number(n.split(":")[1])),
  replicas: inject("redisClusterReplicas").split(",").map(Number),
});

test("a failover of every master while 12 calls are in flight: each call answered and billed once, the ledger consistent", async ({
  stack,
}) => {
  await twelveCallsThrough(stack, async () => {
    // Every replica takes over its master (a graceful CLUSTER FAILOVER: the master hands over once it caught up).
    const { masters, replicas } = clusterPorts();
    // A replica refuses a graceful failover until it has caught up with its master.
    await waitForCluster([...masters, ...replicas]);
    for (const port of replicas) expect((await redisCli(port, "cluster", "failover")).trim()).toBe("OK");
    await expect
      .poll(
        async () =>
          (await Promise.all(replicas.map((p) => redisCli(p, "role")))).every((r) => r.startsWith("master")),
        { timeout: 30_000 },
      )
      .toBe(true);
    await waitForCluster([...replicas, ...masters]);
  });
});

/**
 * The master that serves the `{videosite}` queue's slot now (the hash tag of its every key): its port, from
 * `CLUSTER NODES` as `seed` sees it.
 */
async function masterOfQueueSlot(seed: number): Promise<number> {
  const slot = Number((await redisCli(seed, "cluster", "keyslot", "{videosite}")).trim());
  for (const line of (await redisCli(seed, "cluster", "nodes")).trim().split("\n")) {
    const [, address = "", flags = "", , , , , , ...ranges] = line.split(" ");
    if (!flags.split(",").includes("master") || flags.includes("fail")) continue;
    const served = ranges.some((range) => {
      const [from, to = from] = range.split("-").map(Number);
      return from !== undefined && to !== undefined && slot >= from && slot <= to;
    });
    if (served) return Number(address.split("@")[0]?.split(":")[1]);
  }
  throw new Error(`no master serves slot ${slot}`);
}

// Last in this file: the killed server stays down, its replica now a master without one.
test("the queue's master killed (SIGKILL) while 12 calls are in flight: its replica takes over, each call answered and billed once", async ({
  stack,
}) => {
  await twelveCallsThrough(stack, async () => {
    const { masters, replicas } = clusterPorts();
    const ports = [...masters, ...replicas];
    // The jobs were added seconds ago: the replica has them (replication is asynchronous, but not that slow).
    await waitForCluster(ports);
    const victim = await masterOfQueueSlot(ports[0] as number);
    const pid = Number(/process_id:(\d+)/.exec(await redisCli(victim, "info", "server"))?.[1]);
    expect(pid).toBeGreaterThan(0);
    process.kill(pid, "SIGKILL");
    const alive = ports.filter((p) => p !== victim);
    // The other nodes mark it failed after the node timeout (2 s) and its replica is elected master.
    await expect
      .poll(async () => (await masterOfQueueSlot(alive[0] as number)) !== victim, { timeout: 30_000 })
      .toBe(true);
  });
});
