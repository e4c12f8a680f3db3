import { randomBytes } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createLogger, type HostBudget, ServiceError } from "@sda/core";
import { defaultCorpusDir, type ReplayServer, startReplayServer } from "@sda/replay";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpClient } from "./client.ts";
import { Politeness, platformPause } from "./politeness.ts";

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
  const redis = new Redis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
  connections.push(redis);
  if (!prefixes.includes(prefix)) prefixes.push(prefix);
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
    const redis = new Redis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
    connections.push(redis);
    const budgets = new Politeness({
      redis,
      prefix,
      platforms: [
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
      ],
    });
    const [use] = await budgets.usage();
    expect(use).toMatchObject({
      platform: "forumsite",
      name: "oauth",
      rate: { requests: 10, perSeconds: 60, used: 2 },
      concurrency: { limit: 3, inFlight: 0 },
    });
    expect(use?.rate?.resetsInSeconds).toBeGreaterThan(0);
    await http.close();
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
