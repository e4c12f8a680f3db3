import { readCanaryRun } from "@sda/canary";
import { canaries, platforms, registry, replayOrigins } from "@sda/catalog";
import type { Logger } from "@sda/core";
import { createHandlerServices } from "@sda/services/handler-services";
import {
  capturingLogger,
  deleteKeysWithPrefix,
  expectMalformedJobsRefused,
  startReplay,
  testConfig,
  testLogger,
} from "@sda/testing";
import { createHttpClient, originsFromConfig } from "@sda/upstream";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { CANARY_SCHEDULER_ID, startCanarySchedule } from "./canary.ts";

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * A canary schedule of one forumsite call against the replay, every hour (its first run starts at once), on a prefix
 * of its own; everything it opened is closed after the file.
 */
async function startTestSchedule(log: Logger) {
  const replay = await startReplay(platforms);
  cleanups.push(() => replay.close());
  const config = testConfig(
    {
      CANARY_INTERVAL_SECONDS: "3600",
      CANARY_CALLS: JSON.stringify([{ operation: "forumsite.subreddit-details", params: { url: "golang" } }]),
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
    {
      registry,
      declared: canaries,
      config,
      redis,
      http,
      log,
      services: createHandlerServices({ config, redis, log }),
    },
    redis,
  );
  if (!schedule) throw new Error("the schedule did not start");
  cleanups.push(() => schedule.close());
  return { schedule, redis, config, replay };
}

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
        {
          registry,
          declared: canaries,
          config,
          redis,
          http,
          log: testLogger(),
          services: createHandlerServices({ config, redis, log: testLogger() }),
        },
        redis,
      ),
    ).toBeNull();
  });

  it("schedules one job per interval and stores each run as the last one", async () => {
    const { schedule, redis, config } = await startTestSchedule(testLogger());
    const done = new Promise((resolve) => schedule.worker.once("completed", resolve));
    const schedulers = await schedule.queue.getJobSchedulers();
    expect(schedulers).toEqual([expect.objectContaining({ key: CANARY_SCHEDULER_ID, every: 3_600_000 })]);
    // The first run starts at once; later ones every interval.
    await done;
    expect(await readCanaryRun(redis, config.QUEUE_PREFIX)).toMatchObject({ passed: 1, failed: 0 });
  });

  // As a malformed platform job is (test/malformed-job.test.ts): a job on the canary queue whose data is no canary run
  // (an older build's, a hand edit, a bug) is logged, failed as unrecoverable after one attempt and never run — no
  // canary call, the last run's record untouched — and the schedule goes on.
  it("refuses a malformed job: logged, failed unrecoverable, no canary call made", async () => {
    const { log, lines } = capturingLogger("worker");
    const { schedule, redis, config, replay } = await startTestSchedule(log);
    // The scheduler's first run, at once: a well-formed job, run.
    await expect
      .poll(() => readCanaryRun(redis, config.QUEUE_PREFIX))
      .toMatchObject({ passed: 1, failed: 0 });
    const lastRun = await readCanaryRun(redis, config.QUEUE_PREFIX);
    const hits = replay.hits.length;
    const malformed = {
      unknownKind: { kind: "refund" },
      strangerField: { kind: "canary", calls: [{ operation: "videosite.video-details" }] },
      notAnObject: "canary",
    };
    await expectMalformedJobsRefused(schedule.queue, "canary", malformed, lines, "malformed-");
    expect(replay.hits.length).toBe(hits);
    expect(await readCanaryRun(redis, config.QUEUE_PREFIX)).toEqual(lastRun);
    expect(lines.filter((l) => l.msg === "canary worker error")).toEqual([]);
  });
});
