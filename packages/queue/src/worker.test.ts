import { randomBytes } from "node:crypto";
import { createLogger, newId } from "@sda/core";
import { afterAll, describe, expect, it } from "vitest";
import { QueueBridge } from "./bridge.ts";
import { createRedis, deleteKeysUnder } from "./connection.ts";
import { createQueueWorker } from "./worker.ts";

// Queue sits below @sda/testing (which depends on it): its tests make their own prefixes and silent logger.
const randomPrefix = (label: string) => `${label}_${randomBytes(4).toString("hex")}`;
const testLogger = () => createLogger({ name: "test", level: "silent" });

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const redis = createRedis(redisUrl);
const prefixes: string[] = [];
afterAll(async () => {
  for (const prefix of prefixes) await deleteKeysUnder(redis, prefix);
  redis.disconnect();
});

/** A job of these tests (the worker factory is generic: the engine's jobs are one such payload). */
interface TestJob {
  /** The bridge adds it with the job catalog's policy of its kind. */
  kind: "call";
  requestId: string;
  replyTo?: string;
}

function payload(): TestJob {
  return { kind: "call", requestId: newId("req") };
}

/** The worker options these tests share: any data is a job. */
const anyJob = { parse: (data: unknown) => data as TestJob, log: testLogger() };

type TestResult = { ok: boolean; data: unknown; source?: string; credits?: number; cache?: string };

/** A started bridge on the `audio` queue under a new prefix (deleted after the file), one attempt per job. */
async function audioBridge() {
  const prefix = randomPrefix("w");
  prefixes.push(prefix);
  const bridge = new QueueBridge<TestJob, TestResult>({
    connection: redis,
    prefix,
    queues: ["audio"],
    resultTtlSeconds: 60,
    attempts: 1,
    failed: () => ({ ok: false, data: null }),
  });
  await bridge.start();
  return { prefix, bridge };
}

describe("queue worker crash-recovery settings (issue 9, fault 6: a crashed job re-ran only after ~77 s)", () => {
  it("with the defaults (lock 10 s, stalled check 5 s) a crashed job is re-run within 15 s; the lock is renewed every 2.5 s", () => {
    const worker = createQueueWorker({
      queue: "videosite",
      connection: redis,
      prefix: randomPrefix("w"),
      concurrency: 1,
      lockDurationMs: 10_000,
      stalledIntervalMs: 5000,
      ...anyJob,
      processor: async (): Promise<TestResult> => ({
        ok: true,
        data: null,
        source: "t",
        credits: 0,
        cache: "BYPASS",
      }),
    });
    expect(worker.opts.lockDuration).toBe(10_000);
    // BullMQ renews every lockRenewTime / 2 (see createQueueWorker): 2.5 s.
    expect(worker.opts.lockRenewTime).toBe(5000);
    expect(worker.opts.stalledInterval).toBe(5000);
    expect(worker.opts.maxStalledCount).toBe(2);
    expect((worker.opts.lockDuration ?? 0) + (worker.opts.stalledInterval ?? 0)).toBeLessThanOrEqual(15_000);
    return worker.close();
  });

  it("a job running 2 s under a 1 s lock has its lock renewed every 250 ms (lock / 4), not every 125 ms (issue 26: 3 Redis commands per renewal)", async () => {
    const { prefix, bridge } = await audioBridge();
    const worker = createQueueWorker({
      queue: "audio",
      connection: redis,
      prefix,
      concurrency: 1,
      lockDurationMs: 1000,
      stalledIntervalMs: 500,
      ...anyJob,
      processor: async (): Promise<TestResult> => {
        await new Promise((r) => setTimeout(r, 2000));
        return { ok: true, data: "renewed" };
      },
    });
    let renewals = 0;
    worker.on("locksRenewed", ({ count }: { count: number }) => {
      renewals += count;
    });
    try {
      const outcome = await bridge.submit("audio", "test", payload(), 20_000);
      expect(outcome).toMatchObject({ state: "finished", result: { ok: true, data: "renewed" } });
      // From 250 ms on, one renewal per 250 ms tick: 7 on an idle machine; fewer when timers run late; 15 at / 8.
      expect(renewals).toBeGreaterThanOrEqual(3);
      expect(renewals).toBeLessThanOrEqual(8);
    } finally {
      await worker.close();
      await bridge.close();
    }
  }, 30_000);

  it("a job running 3.5 × its lock duration keeps its lock (renewed) and runs exactly once beside a second worker", async () => {
    const { prefix, bridge } = await audioBridge();
    let runs = 0;
    const make = () =>
      createQueueWorker({
        queue: "audio",
        connection: redis,
        prefix,
        concurrency: 1,
        lockDurationMs: 1000,
        stalledIntervalMs: 500,
        ...anyJob,
        processor: async (): Promise<TestResult> => {
          runs++;
          await new Promise((r) => setTimeout(r, 3500));
          return { ok: true, data: "long", source: "t", credits: 0, cache: "BYPASS" };
        },
      });
    const workers = [make(), make()];
    try {
      const outcome = await bridge.submit("audio", "test", payload(), 20_000);
      expect(outcome).toMatchObject({ state: "finished", result: { ok: true, data: "long" } });
      expect(runs).toBe(1);
    } finally {
      await Promise.all(workers.map((w) => w.close()));
      await bridge.close();
    }
  }, 30_000);
});
