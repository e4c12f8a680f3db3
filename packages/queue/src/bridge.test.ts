import { randomBytes } from "node:crypto";
import { createLogger, newId } from "@sda/core";
import { UnrecoverableError, type Worker } from "bullmq";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { fallbackPollTimes, QueueBridge } from "./bridge.ts";
import { createRedis, deleteKeysUnder } from "./connection.ts";
import type { JobFailure } from "./job.ts";
import { decodeReply, encodeReply } from "./reply.ts";
import { createQueueWorker } from "./worker.ts";

// Queue sits below @sda/testing (which depends on it): its tests make their own prefixes and silent logger.
const randomPrefix = (label: string) => `${label}_${randomBytes(4).toString("hex")}`;
const testLogger = () => createLogger({ name: "test", level: "silent" });

// Queue mechanics only: the processors below stand in for the engine and return fixed results.
const redis = createRedis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
const opened: { close(): Promise<unknown> }[] = [];
const prefixes: string[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.close()));
  // Leave nothing behind: each test's queues, jobs and events.
  for (const prefix of prefixes.splice(0)) await deleteKeysUnder(redis, prefix);
});
afterAll(() => redis.disconnect());

/** A job of these tests (the bridge is generic: the engine's call jobs are one such payload). */
interface TestJob {
  /** The bridge adds it with the job catalog's policy of its kind. */
  kind: "call";
  requestId: string;
  replyTo?: string;
}
type TestResult =
  | { ok: true; data: unknown; source: string; credits: number; cache: string }
  | { ok: false; error: { code: string; message: string }; credits: 0 };

function payload(): TestJob {
  return { kind: "call", requestId: newId("req") };
}

const ok = (data: unknown): TestResult => ({ ok: true, data, source: "test", credits: 1, cache: "BYPASS" });

/** What the bridge answers for a job without a result (the engine maps store failures to 503; not tested here). */
const failed = (failure: JobFailure): TestResult => ({
  ok: false,
  error: { code: "internal_error", message: failure.kind === "failed" ? failure.reason : "lost" },
  credits: 0,
});

async function setup(
  processor: (data: TestJob) => Promise<TestResult>,
  options: { pollIntervalMs?: number } = {},
) {
  const prefix = randomPrefix("q");
  prefixes.push(prefix);
  const newBridge = async () => {
    const bridge = new QueueBridge<TestJob, TestResult>({
      connection: redis,
      prefix,
      queues: ["videosite"],
      resultTtlSeconds: 60,
      attempts: 2,
      failed,
      ...options,
    });
    await bridge.start();
    opened.push(bridge);
    return bridge;
  };
  const bridge = await newBridge();
  let worker: Worker | null = null;
  const startWorker = () => {
    worker = createQueueWorker<TestJob, TestResult>({
      queue: "videosite",
      connection: redis,
      prefix,
      concurrency: 4,
      lockDurationMs: 5000,
      parse: (data) => data as TestJob,
      log: testLogger(),
      processor,
    });
    opened.push(worker);
  };
  return { bridge, newBridge, startWorker, worker: () => worker };
}

describe("fallbackPollTimes", () => {
  it("re-reads a waiting job at doubling gaps, so reads per call grow with the log of the wait, not the wait", () => {
    expect(fallbackPollTimes(2000, 110_000)).toEqual([2000, 6000, 14_000, 30_000, 62_000]);
    expect(fallbackPollTimes(2000, 1500)).toEqual([]);
    // A call waiting 110 s costs 5 reads (a fixed 2 s interval: 54); waiting ten times longer adds about 3.
    expect(
      fallbackPollTimes(2000, 1_100_000).length - fallbackPollTimes(2000, 110_000).length,
    ).toBeLessThanOrEqual(4);
  });
});

describe("QueueBridge", () => {
  it("returns a fast job's result (listener attached before the add)", async () => {
    const { bridge, startWorker } = await setup(async (data) => ok({ echo: data.requestId }));
    startWorker();
    const p = payload();
    const outcome = await bridge.submit("videosite", "test", p, 10_000);
    expect(outcome).toMatchObject({ state: "finished", result: { ok: true, data: { echo: p.requestId } } });
  });

  it("answers pending at the deadline; the job keeps running and its result stays readable", async () => {
    const { bridge, startWorker } = await setup(async () => {
      await new Promise((r) => setTimeout(r, 600));
      return ok("late");
    });
    startWorker();
    const outcome = await bridge.submit("videosite", "test", payload(), 100);
    expect(outcome.state).toBe("pending");
    await new Promise((r) => setTimeout(r, 1200));
    const view = await bridge.getJob(outcome.jobId);
    expect(view).toMatchObject({ status: "completed", result: { ok: true, data: "late" } });
  });

  it("finds the result by reading the job state when no event arrives (job done before anyone listened)", async () => {
    // No worker while submitting: the deadline passes, then the job is processed; a later getJob reads the state.
    const { bridge, startWorker } = await setup(async () => ok("from-state"), { pollIntervalMs: 50 });
    const outcome = await bridge.submit("videosite", "test", payload(), 50);
    expect(outcome).toMatchObject({ state: "pending", status: "queued" });
    startWorker();
    await expect
      .poll(async () => (await bridge.getJob(outcome.jobId))?.status, { timeout: 5000 })
      .toBe("completed");
  });

  it("retries a job that threw and reports a job failed for good as internal_error", async () => {
    let calls = 0;
    const { bridge, startWorker } = await setup(async () => {
      calls++;
      throw new Error("boom");
    });
    startWorker();
    const outcome = await bridge.submit("videosite", "test", payload(), 10_000);
    expect(calls).toBe(2);
    expect(outcome).toMatchObject({
      state: "finished",
      result: { ok: false, error: { code: "internal_error" } },
    });
  });

  it("two gateways on one queue: each gets its own calls' results on its own reply channel", async () => {
    const { bridge, newBridge, startWorker } = await setup(async (data) => {
      await new Promise((r) => setTimeout(r, 20));
      return ok({ echo: data.requestId });
    });
    const other = await newBridge();
    startWorker();
    const calls = Array.from({ length: 10 }, (_, i) => ({ via: i % 2 ? other : bridge, p: payload() }));
    const outcomes = await Promise.all(calls.map(({ via, p }) => via.submit("videosite", "test", p, 10_000)));
    outcomes.forEach((outcome, i) => {
      expect(outcome).toMatchObject({ state: "finished", result: { data: { echo: calls[i]?.p.requestId } } });
    });
  });

  it("a reply that never arrives: the waiter's read of the job state answers", async () => {
    const { bridge, startWorker } = await setup(
      async (data) => {
        // Published on a channel nobody listens to, as when the subscriber was reconnecting.
        data.replyTo = `${data.replyTo}:nobody`;
        return ok("from-state");
      },
      { pollIntervalMs: 50 },
    );
    startWorker();
    const outcome = await bridge.submit("videosite", "test", payload(), 10_000);
    expect(outcome).toMatchObject({ state: "finished", result: { ok: true, data: "from-state" } });
  });

  it("a job BullMQ will not retry (UnrecoverableError) is answered as failed after one attempt", async () => {
    let calls = 0;
    const { bridge, startWorker } = await setup(async () => {
      calls++;
      throw new UnrecoverableError("unknown operation");
    });
    startWorker();
    const outcome = await bridge.submit("videosite", "test", payload(), 10_000);
    expect(calls).toBe(1);
    expect(outcome).toMatchObject({
      state: "finished",
      result: { ok: false, error: { code: "internal_error" } },
    });
  });

  it("a job failed for good whose reply never arrives: the waiter's read answers its failed reason", async () => {
    const { bridge, startWorker } = await setup(
      async (data) => {
        data.replyTo = `${data.replyTo}:nobody`;
        throw new UnrecoverableError("unknown operation");
      },
      { pollIntervalMs: 50 },
    );
    startWorker();
    const outcome = await bridge.submit("videosite", "test", payload(), 10_000);
    expect(outcome).toMatchObject({
      state: "finished",
      result: { ok: false, error: { code: "internal_error", message: "unknown operation" } },
    });
  });

  it("a job Redis lost while it was waited for (its hash gone) is answered as lost by the next read", async () => {
    const { bridge } = await setup(async () => ok("never runs"), { pollIntervalMs: 50 });
    const jobId = `job_${randomBytes(8).toString("hex")}`;
    const waiting = bridge.submit("videosite", "test", payload(), 10_000, { jobId });
    await expect.poll(() => redis.exists(bridge.queue("videosite").toKey(jobId))).toBe(1);
    await redis.del(bridge.queue("videosite").toKey(jobId));
    expect(await waiting).toMatchObject({
      state: "finished",
      result: { ok: false, error: { code: "internal_error", message: "lost" } },
    });
  });

  it("returns null for unknown job ids", async () => {
    const { bridge } = await setup(async () => ok(1));
    expect(await bridge.getJob("job_0000000000000000")).toBeNull();
  });
});

describe("reply messages", () => {
  it("decode what encode wrote, and refuse anything else", () => {
    const result = ok({ n: 1 });
    expect(decodeReply(encodeReply({ jobId: "job_1", result }))).toEqual({ jobId: "job_1", result });
    expect(decodeReply(encodeReply({ jobId: "job_1", failed: "boom" }))).toEqual({
      jobId: "job_1",
      failed: "boom",
    });
    for (const text of [
      "",
      "not json",
      "null",
      "[]",
      '{"jobId":1}',
      '{"jobId":"job_1"}',
      '{"jobId":"job_1","result":3}',
    ])
      expect(decodeReply(text)).toBeNull();
  });
});
