import { randomBytes } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { HostBudget } from "@sda/contract";
import { createLogger, ServiceError } from "@sda/core";
import { defaultCorpusDir, type ReplayServer, startReplayServer } from "@sda/replay";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpClient } from "./client.ts";
import { type BudgetedPlatform, Politeness, platformPause } from "./politeness.ts";

const log = createLogger({ name: "test", level: "silent" });
const ABOUT = "https://oauth.reddit.com/r/golang/about";
let replay: ReplayServer;
const connections: Redis[] = [];
const prefixes: string[] = [];

beforeAll(async () => {
  replay = await startReplayServer({
    dirs: [defaultCorpusDir(process.env.CORPUS_DIR)],
    rules: { forumsite: { path: { stripTrailingSlash: true, stripSuffix: ".json", caseInsensitive: true } } },
  });
});
afterAll(async () => {
  await replay.close();
  const redis = connections[0];
  for (const prefix of prefixes) {
    const keys = (await redis?.keys(`${prefix}:*`)) ?? [];
    if (keys.length) await redis?.del(...keys);
  }
  for (const c of connections) c.disconnect();
});

/**
 * A worker process's client (its own Redis connection) on the replay, with forumsite's OAuth host under `budget`;
 * clients made with the same `prefix` share the budget as worker processes of one deployment do.
 */
function workerClient(prefix: string, budget: Omit<HostBudget, "hosts">, origin = replay.origin) {
  const redis = connect(prefix);
  return createHttpClient({
    origins: [{ platform: "forumsite", hosts: ["oauth.reddit.com"], origin }],
    liveHosts: false,
    timeoutMs: 10_000,
    userAgent: "sda-test",
    log,
    politeness: new Politeness({
      redis,
      prefix,
      platforms: [
        { name: "forumsite", politeness: [{ name: "oauth", hosts: ["oauth.reddit.com"], ...budget }] },
      ],
      log,
    }),
  });
}

/** A Redis connection of its own, its keys under `prefix` deleted after the file. */
function connect(prefix: string): Redis {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
  connections.push(redis);
  if (!prefixes.includes(prefix)) prefixes.push(prefix);
  return redis;
}

/** Another process's view of the budgets under `prefix` (as the gateway's status page reads them). */
function budgetsAt(prefix: string, platforms: BudgetedPlatform[]) {
  const redis = connect(prefix);
  return { redis, budgets: new Politeness({ redis, prefix, platforms }) };
}

const newPrefix = () => `test_polite_${randomBytes(4).toString("hex")}`;
const hitsOf = (path: string) => replay.hits.filter((h) => h.path === path).length;

describe("host budgets (politeness)", () => {
  it("lets exactly the budget's requests reach the host in one window, across worker processes, and refuses the rest with Retry-After", async () => {
    const prefix = newPrefix();
    const workers = [
      workerClient(prefix, { rate: { requests: 5, perSeconds: 60 } }),
      workerClient(prefix, { rate: { requests: 5, perSeconds: 60 } }),
    ];
    const before = hitsOf("/r/golang/about");
    // A burst of 12 calls over two processes; none may wait 60 s for the next window (1 s start-by budget).
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        workers[i % 2]?.request({ platform: "forumsite", url: ABOUT, timeoutMs: 1000 }),
      ),
    );
    expect(hitsOf("/r/golang/about") - before).toBe(5);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(5);
    const refused = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason as ServiceError] : []));
    expect(refused).toHaveLength(7);
    for (const error of refused) {
      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toMatchObject({ code: "rate_limited_upstream", status: 429, retryable: true });
      expect(error.retryAfterSeconds).toBeGreaterThan(0);
      expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
    await Promise.all(workers.map((w) => w.close()));
  });

  it("queues a burst within the budget: every call waits for the next window instead of failing", async () => {
    const http = workerClient(newPrefix(), { rate: { requests: 3, perSeconds: 1 } });
    const before = hitsOf("/r/golang/about");
    const answers = await Promise.all(
      Array.from({ length: 7 }, () => http.request({ platform: "forumsite", url: ABOUT, timeoutMs: 20_000 })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(hitsOf("/r/golang/about") - before).toBe(7);
    await http.close();
  });

  it("keeps at most `concurrency` requests in flight at the host", async () => {
    // A host that holds requests until two are in flight (or all have come): a budget of 2 is used whole, never passed.
    const total = 6;
    const held: ServerResponse[] = [];
    let arrived = 0;
    let mostAtOnce = 0;
    const server = createServer((_req, res) => {
      arrived++;
      held.push(res);
      mostAtOnce = Math.max(mostAtOnce, held.length);
      if (held.length === 2 || arrived === total)
        for (const r of held.splice(0)) r.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const prefix = newPrefix();
    const workers = [
      workerClient(prefix, { concurrency: 2 }, origin),
      workerClient(prefix, { concurrency: 2 }, origin),
    ];
    try {
      const answers = await Promise.all(
        Array.from({ length: total }, (_, i) =>
          workers[i % 2]?.request({ platform: "forumsite", url: `https://oauth.reddit.com/r/x/${i}` }),
        ),
      );
      expect(answers.map((a) => a?.text())).toEqual(Array(total).fill("ok"));
      expect(mostAtOnce).toBe(2);
    } finally {
      await Promise.all(workers.map((w) => w.close()));
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("a platform's 429 with Retry-After spends the budget until then: the next call is refused without being sent", async () => {
    const http = workerClient(newPrefix(), { rate: { requests: 100, perSeconds: 60 } });
    const remove = replay.addFault({
      when: (r) => r.path === "/r/golang/about",
      status: 429,
      headers: { "retry-after": "30" },
    });
    const first = await http.request({ platform: "forumsite", url: ABOUT, timeoutMs: 1000 }).catch((e) => e);
    remove();
    expect(first).toMatchObject({ code: "upstream_rate_limited" });
    const before = hitsOf("/r/golang/about");
    const next = await http.request({ platform: "forumsite", url: ABOUT, timeoutMs: 1000 }).catch((e) => e);
    expect(next).toMatchObject({ code: "rate_limited_upstream", retryable: true });
    expect((next as ServiceError).retryAfterSeconds).toBeGreaterThan(25);
    expect((next as ServiceError).retryAfterSeconds).toBeLessThanOrEqual(30);
    expect(hitsOf("/r/golang/about")).toBe(before);
    await http.close();
  });

  it("shows each budget's use for the status page", async () => {
    const prefix = newPrefix();
    const http = workerClient(prefix, { rate: { requests: 10, perSeconds: 60 }, concurrency: 3 });
    await http.request({ platform: "forumsite", url: ABOUT });
    await http.request({ platform: "forumsite", url: ABOUT });
    const { budgets } = budgetsAt(prefix, [
      {
        name: "forumsite",
        politeness: [
          {
            name: "oauth",
            hosts: ["oauth.reddit.com"],
            rate: { requests: 10, perSeconds: 60 },
            concurrency: 3,
          },
        ],
      },
    ]);
    const [use] = await budgets.usage();
    expect(use).toMatchObject({
      platform: "forumsite",
      name: "oauth",
      rate: { requests: 10, perSeconds: 60, used: 2 },
      concurrency: { limit: 3, inFlight: 0 },
      activeHosts: [],
      activeHostCount: 0,
    });
    expect(use?.rate?.resetsInSeconds).toBeGreaterThan(0);
    await http.close();
  });

  it("shows a per-host budget's use host by host, busiest first, at most 50 hosts, every key with a TTL", async () => {
    const prefix = newPrefix();
    const { redis, budgets } = budgetsAt(prefix, [
      {
        name: "fedisite",
        politeness: [
          {
            name: "instances",
            hosts: ["*"],
            perHost: true,
            rate: { requests: 10, perSeconds: 60 },
            concurrency: 2,
          },
        ],
      },
      // Only slots: a host stays listed while a request holds one, after its 1-s start window is gone.
      { name: "slotsite", politeness: [{ name: "any", hosts: ["*"], perHost: true, concurrency: 4 }] },
    ]);
    const take = (host: string, platform = "fedisite") =>
      budgets.acquire(platform, `https://${host}/api/v1/x`, Date.now() + 1000);
    // a.example: 3 started, 1 still in flight; b.example: 1 in flight; c.example: 2 done; 56 hosts with one done;
    // d.example: paused 30 s by its 429.
    for (const lease of [await take("a.example"), await take("a.example")]) lease.release();
    const heldA = await take("a.example");
    const heldB = await take("b.example");
    for (const lease of [await take("c.example"), await take("c.example")]) lease.release();
    for (let i = 0; i < 56; i++) (await take(`host${String(i).padStart(2, "0")}.example`)).release();
    await budgets.observe("fedisite", "https://d.example/api/v1/x", 429, { "retry-after": "30" });
    const heldSlot = await take("slots.example", "slotsite");
    // Releases are not awaited (a lease's release is fire-and-forget): let their deletes reach Redis.
    await new Promise((r) => setTimeout(r, 1100));

    const [perHost, slotsOnly] = await budgets.usage();
    expect(perHost).toMatchObject({
      perHost: true,
      rate: { requests: 10, perSeconds: 60, used: null, resetsInSeconds: null },
      concurrency: { limit: 2, inFlight: null },
      activeHostCount: 60,
    });
    const shown = perHost?.activeHosts ?? [];
    expect(shown).toHaveLength(50);
    expect(shown.slice(0, 5)).toMatchObject([
      { host: "d.example", used: 10, inFlight: 0 },
      { host: "a.example", used: 3, inFlight: 1 },
      { host: "c.example", used: 2, inFlight: 0 },
      { host: "b.example", used: 1, inFlight: 1 },
      { host: "host00.example", used: 1, inFlight: 0 },
    ]);
    expect(shown.at(-1)?.host).toBe("host45.example");
    expect(shown[0]?.resetsInSeconds).toBeGreaterThan(25);
    expect(shown[0]?.resetsInSeconds).toBeLessThanOrEqual(30);
    expect(shown[1]?.resetsInSeconds).toBeGreaterThan(50);
    expect(slotsOnly).toMatchObject({
      rate: null,
      concurrency: { limit: 4, inFlight: null },
      activeHosts: [{ host: "slots.example", used: null, resetsInSeconds: null, inFlight: 1 }],
      activeHostCount: 1,
    });

    // Nothing the budgets write outlives its window, pause or lease.
    const keys = await redis.keys(`${prefix}:*`);
    expect(keys.length).toBeGreaterThan(60);
    const ttls = await Promise.all(keys.map((key) => redis.pttl(key)));
    expect(ttls.filter((ms) => ms <= 0)).toEqual([]);

    for (const lease of [heldA, heldB, heldSlot]) lease.release();
    await new Promise((r) => setTimeout(r, 50));
    const [after] = await budgets.usage();
    expect(after?.activeHosts.find((h) => h.host === "a.example")).toMatchObject({ used: 3, inFlight: 0 });
  });

  it("reads the pause a platform asks for from Retry-After or its rate-limit headers", () => {
    expect(platformPause(429, { "retry-after": "12" })).toBe(12);
    expect(platformPause(429, {})).toBe(60);
    expect(platformPause(503, {})).toBeNull();
    expect(platformPause(200, { "x-ratelimit-remaining": "0.0", "x-ratelimit-reset": "40" })).toBe(40);
    const inOneMinute = new Date(Date.now() + 60_000).toISOString();
    const pause = platformPause(200, { "x-ratelimit-remaining": "0", "x-ratelimit-reset": inOneMinute });
    expect(pause).toBeGreaterThan(55);
    expect(platformPause(200, { "x-ratelimit-remaining": "3", "x-ratelimit-reset": "40" })).toBeNull();
  });
});
