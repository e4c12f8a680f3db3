import { readCanaryRun } from "@sda/canary";
import { canaries, platforms, registry, replayOrigins } from "@sda/catalog";
import { deleteKeysWithPrefix, startReplay, testConfig, testLogger } from "@sda/testing";
import { createHttpClient, originsFromConfig } from "@sda/upstream";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { CANARY_SCHEDULER_ID, startCanarySchedule } from "./canary.ts";

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("the canary repeatable job", () => {
  it("is off without CANARY_INTERVAL_SECONDS", async () => {
    const config = testConfig();
    const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
    cleanups.push(async () => redis.disconnect());
    const http = createHttpClient({
      origins: [],
      liveHosts: false,
      timeoutMs: 1000,
      userAgent: "t",
      log: testLogger(),
    });
    cleanups.push(() => http.close());
    expect(
      await startCanarySchedule(
        { registry, declared: canaries, config, redis, http, log: testLogger() },
        redis,
      ),
    ).toBeNull();
  });

  it("schedules one job per interval and stores each run as the last one", async () => {
    const replay = await startReplay(platforms);
    cleanups.push(() => replay.close());
    const config = testConfig(
      {
        CANARY_INTERVAL_SECONDS: "3600",
        CANARY_CALLS: JSON.stringify([
          { operation: "forumsite.subreddit-details", params: { url: "golang" } },
        ]),
      },
      replay,
    );
    cleanups.push(() => deleteKeysWithPrefix(config.REDIS_URL, config.QUEUE_PREFIX));
    const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
    cleanups.push(async () => redis.disconnect());
    const http = createHttpClient({
      origins: originsFromConfig(replayOrigins(replay.origin), platforms),
      liveHosts: false,
      timeoutMs: 10_000,
      userAgent: "t",
      log: testLogger(),
    });
    cleanups.push(() => http.close());
    const schedule = await startCanarySchedule(
      { registry, declared: canaries, config, redis, http, log: testLogger() },
      redis,
    );
    if (!schedule) throw new Error("the schedule did not start");
    cleanups.push(() => schedule.close());
    const done = new Promise((resolve) => schedule.worker.once("completed", resolve));
    const schedulers = await schedule.queue.getJobSchedulers();
    expect(schedulers).toEqual([expect.objectContaining({ key: CANARY_SCHEDULER_ID, every: 3_600_000 })]);
    // The first run starts at once; later ones every interval.
    await done;
    expect(await readCanaryRun(redis, config.QUEUE_PREFIX)).toMatchObject({ passed: 1, failed: 0 });
  });
});
