import { Redis } from "ioredis";
import { describe, expect } from "vitest";
import { LOCAL_WEBHOOKS_ENV, stackTest } from "./support/fixtures.ts";
import { startTestRedis } from "./support/redis-server.ts";
import { type Stack, send } from "./support/stack.ts";

// Issue 34 #2: after Redis lost its data the monitors' job schedulers were gone, the monitor still said
// `status: "active"` with `nextRunAt: null`, and only a worker restart rebuilt them. Redis is a cache of the schedule,
// PostgreSQL its truth: the in-process workers reconcile every MONITOR_RECONCILE_SECONDS (2 s here), so a monitor
// runs again after a FLUSHALL of this file's own redis-server without any restart, and a read of an active monitor
// never answers `nextRunAt: null`.
const RECONCILE_SECONDS = 2;

const test = stackTest
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this destructuring
  .extend("ownRedis", { scope: "file" }, async ({}, { onCleanup }) => {
    const redis = await startTestRedis();
    onCleanup(() => redis.kill());
    return redis;
  })
  .extend("stackOptions", { scope: "file" }, ({ ownRedis }) => ({
    env: {
      REDIS_URL: ownRedis.url,
      MONITOR_MIN_INTERVAL_SECONDS: "1",
      MONITOR_RECONCILE_SECONDS: String(RECONCILE_SECONDS),
      ...LOCAL_WEBHOOKS_ENV,
    },
  }));

const runsOf = (stack: Stack, monitorId: string) => stack.prisma.monitorRun.count({ where: { monitorId } });

describe("monitors after Redis lost its data", () => {
  test("the schedulers come back from PostgreSQL within the reconcile interval; the monitor runs again", async ({
    stack,
    ownRedis,
    receiver,
  }) => {
    const { key } = await stack.account(100);
    const created = await send(stack, "POST", "/v1/monitors", key, {
      path: "/v1/forumsite/subreddit-posts",
      params: { url: "popular", limit: 5 },
      schedule: { every: "1s" },
      webhookUrl: receiver.url("/redis-loss"),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id: string = created.body.data.id;
    const { scheduler } = stack.gateway.deps.monitors;
    await expect.poll(() => runsOf(stack, id), { timeout: 60_000, interval: 200 }).toBeGreaterThanOrEqual(1);

    // The whole of this file's Redis is lost (its own server: the shared one is never flushed).
    const admin = new Redis(ownRedis.url);
    await admin.flushall();
    expect(await scheduler.get(id)).toBeUndefined();
    const before = await runsOf(stack, id);
    const flushedAt = Date.now();

    // No read, no restart: the workers' periodic reconcile restores the scheduler within the interval (plus a run).
    await expect
      .poll(async () => (await scheduler.get(id)) !== undefined, { timeout: 30_000, interval: 100 })
      .toBe(true);
    const restoredAfterMs = Date.now() - flushedAt;
    expect(restoredAfterMs).toBeLessThan((RECONCILE_SECONDS + 3) * 1000);
    await expect.poll(() => runsOf(stack, id), { timeout: 30_000, interval: 200 }).toBeGreaterThan(before);

    // A read of the active monitor right after a loss repairs its scheduler itself: nextRunAt is never null.
    await admin.flushall();
    const read = await stack.get(`/v1/monitors/${id}`, key);
    expect(read.status).toBe(200);
    expect(read.body.data.status).toBe("active");
    expect(read.body.data.nextRunAt).toEqual(expect.any(String));
    expect(await scheduler.get(id)).toBeDefined();
    const listed = await stack.get("/v1/monitors", key);
    const mine = (listed.body.data.monitors as { id: string; nextRunAt: string | null }[]).find(
      (m) => m.id === id,
    );
    expect(mine?.nextRunAt).toEqual(expect.any(String));

    const deleted = await send(stack, "DELETE", `/v1/monitors/${id}`, key);
    expect(deleted.status).toBe(200);
    admin.disconnect();
  }, 120_000);
});
