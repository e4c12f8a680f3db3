import { MONITOR_QUEUE, reconcileSchedulers } from "@sda/monitors";
import { describe, expect } from "vitest";
import { LOCAL_WEBHOOKS_ENV, stackTest } from "./support/fixtures.ts";
import { ledgerSum } from "./support/ledger.ts";

import { type Stack, send } from "./support/stack.ts";

// Two worker processes (their own OS processes) consume one monitor's schedule of 1 s (MONITOR_MIN_INTERVAL_SECONDS=1
// for this file). The assertions are about counts and identities, never about elapsed time.

const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  {
    workers: "none",
    env: { MONITOR_MIN_INTERVAL_SECONDS: "1", ...LOCAL_WEBHOOKS_ENV },
  },
);

const runsOf = (stack: Stack, monitorId: string) =>
  stack.prisma.monitorRun.findMany({ where: { monitorId }, orderBy: { startedAt: "asc" } });

/** True once no run of the monitor is in progress and its queue holds no job of it. */
async function quiet(stack: Stack, monitorId: string): Promise<boolean> {
  const queue = stack.gateway.deps.monitors.scheduler.queue;
  const jobs = await queue.getJobs(["active", "waiting", "delayed", "prioritized"]);
  const busy = await stack.prisma.monitorRun.count({
    where: { monitorId, status: { in: ["running", "delivering"] } },
  });
  return busy === 0 && !jobs.some((j) => j?.data.monitorId === monitorId);
}

describe("two worker processes, one schedule", () => {
  test("each due run happens exactly once; pause stops it, resume restarts it, delete removes it", async ({
    stack,
    receiver,
  }) => {
    const { key, accountId } = await stack.account(100);
    stack.spawnWorker();
    stack.spawnWorker();
    const created = await send(stack, "POST", "/v1/monitors", key, {
      path: "/v1/forumsite/subreddit-posts",
      params: { url: "popular", limit: 5 },
      schedule: { every: "1s" },
      webhookUrl: receiver.url("/schedule"),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id: string = created.body.data.id;
    const { scheduler } = stack.gateway.deps.monitors;

    await expect
      .poll(async () => (await runsOf(stack, id)).length, { timeout: 60_000, interval: 200 })
      .toBeGreaterThanOrEqual(6);
    const paused = await send(stack, "PATCH", `/v1/monitors/${id}`, key, { status: "paused" });
    expect(paused.body.data).toMatchObject({ status: "paused", nextRunAt: null });
    expect(await scheduler.get(id)).toBeUndefined();
    await expect.poll(() => quiet(stack, id), { timeout: 30_000, interval: 200 }).toBe(true);

    const runs = await runsOf(stack, id);
    // One run per due time: every job key is the scheduler's `repeat:<id>:<due ms>`, each due time once.
    const dueTimes = runs.map((r) => {
      const match = new RegExp(`^repeat:${id}:(\\d+)$`).exec(r.jobKey);
      expect(match, r.jobKey).not.toBeNull();
      return Number(match?.[1]);
    });
    expect(new Set(dueTimes).size).toBe(runs.length);
    // Every run that called the platform was charged exactly once and logged once, under its own request id.
    const called = runs.filter((r) => r.status !== "skipped");
    expect(called.length).toBeGreaterThanOrEqual(1);
    for (const run of called) {
      expect(run.status).toBe("succeeded");
      expect((await stack.ledger.chargesFor(run.requestId)).map((c) => c.amount)).toEqual([-run.credits]);
    }
    expect(await stack.prisma.requestLog.count({ where: { monitorId: id } })).toBe(called.length);
    const charged = called.reduce((sum, r) => sum + r.credits, 0);
    expect(await stack.ledger.balance(accountId)).toBe(100 - charged);
    expect(await ledgerSum(stack.ledger, accountId)).toBe(100 - charged);
    expect((await stack.ledger.credits(accountId))?.reserved).toBe(0);
    // Skipped runs say why (the previous one was still going); they cost nothing.
    for (const run of runs.filter((r) => r.status === "skipped"))
      expect(run.errorCode).toBe("run_in_progress");

    const resumed = await send(stack, "PATCH", `/v1/monitors/${id}`, key, { status: "active" });
    expect(resumed.body.data.status).toBe("active");
    expect(await scheduler.get(id)).toBeDefined();
    await expect
      .poll(async () => (await runsOf(stack, id)).length, { timeout: 60_000, interval: 200 })
      .toBeGreaterThan(runs.length);

    const deleted = await send(stack, "DELETE", `/v1/monitors/${id}`, key);
    // Status and body together: this answer once came without data, and the failure said no more than that.
    expect({ status: deleted.status, data: deleted.body.data, error: deleted.body.error }).toEqual({
      status: 200,
      data: { id, deleted: true },
      error: undefined,
    });
    expect(await scheduler.get(id)).toBeUndefined();
    expect((await stack.get(`/v1/monitors/${id}`, key)).body.error.code).toBe("monitor_not_found");
    await expect.poll(() => quiet(stack, id), { timeout: 30_000, interval: 200 }).toBe(true);
    expect(await runsOf(stack, id)).toEqual([]);
  }, 180_000);
});

describe("the start-up reconcile", () => {
  test("restores a lost scheduler, and runs only in the process holding the advisory lock", async ({
    stack,
    receiver,
  }) => {
    const { key } = await stack.account(10);
    const created = await send(stack, "POST", "/v1/monitors", key, {
      path: "/v1/forumsite/subreddit-posts",
      params: { url: "popular" },
      schedule: { cron: "0 0 1 1 *" },
      webhookUrl: receiver.url("/reconcile"),
    });
    const id: string = created.body.data.id;
    const { store, scheduler } = stack.gateway.deps.monitors;
    const prisma = stack.prisma;
    // Redis lost the scheduler; a stray one of a deleted monitor is left behind.
    await scheduler.remove(id);
    await scheduler.upsert("mon_deletedMonitor0", { everySeconds: 3600 });

    const lockKey = `sda-monitors-reconcile:${store.queuePrefix}`;
    const whileHeld = await prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${lockKey}))`;
      return reconcileSchedulers(prisma, store, scheduler);
    });
    expect(whileHeld).toBeNull();
    expect(await scheduler.get(id)).toBeUndefined();

    const report = await reconcileSchedulers(prisma, store, scheduler);
    expect(report?.upserted).toContain(id);
    expect(report?.removed).toContain("mon_deletedMonitor0");
    expect((await scheduler.get(id))?.pattern).toBe("0 0 1 1 *");
    expect(await scheduler.get("mon_deletedMonitor0")).toBeUndefined();
    // A second reconcile finds nothing to do.
    expect(await reconcileSchedulers(prisma, store, scheduler)).toEqual({ upserted: [], removed: [] });
    expect(MONITOR_QUEUE).toBe("monitors");
  });
});
