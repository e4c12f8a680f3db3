import { randomBytes } from "node:crypto";
import { Queue } from "bullmq";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createRedis, deleteKeysUnder } from "./connection.ts";
import {
  type AwaitedJobKind,
  BATCH_JOB_PRIORITY,
  enqueue,
  enqueueBulk,
  type JobKind,
  type JobKindSpec,
  type JobPolicy,
  jobCatalog,
  jobOptions,
  jobQueue,
  scheduleJobs,
} from "./job-catalog.ts";
import { canaryJobSchema, jobParser, MalformedJobError } from "./job-schemas.ts";

// The catalog's policies are the values each producer wrote by hand before it existed: changing one changes how long
// jobs stay in Redis (the key TTL checks) and how often a crash is retried, so they are pinned here exactly.

const redis = createRedis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
const prefixes: string[] = [];
const opened: Queue[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((q) => q.close()));
  for (const prefix of prefixes.splice(0)) await deleteKeysUnder(redis, prefix);
});
afterAll(() => redis.disconnect());

function openQueue(name: string): Queue {
  const prefix = `jobcat_${randomBytes(4).toString("hex")}`;
  prefixes.push(prefix);
  const queue = new Queue(name, { connection: redis, prefix });
  opened.push(queue);
  return queue;
}

const configured = { attempts: 3, retentionSeconds: 600 };
const call = {
  kind: "call" as const,
  requestId: "req_catalog0000000001",
  accountId: "acct_catalog",
  keyId: "key_catalog",
  operationId: "videosite.video-details",
  params: { url: { id: "M4gD1WSo5mA" } },
  cacheRequested: false,
  hold: { credits: 2 },
  enqueuedAt: 1,
};
const { cacheRequested: _c, hold: _h, ...estimateFields } = call;
const estimate = { ...estimateFields, kind: "estimate" as const };
const batchItem = { ...estimate, kind: "batch-item" as const, batchId: "bat_catalog", index: 4 };
const attempt = { deliveryId: "whd_catalog000000001", attempt: 2, replay: false };

describe("the job catalog", () => {
  it("keeps every kind's queue, attempts, backoff and retention as the producers set them", () => {
    const exponential = (delay: number) => ({ type: "exponential", delay });
    expect(jobOptions("call", call, { ...configured, jobId: "job_x" })).toEqual({
      jobId: "job_x",
      attempts: 3,
      backoff: exponential(500),
      removeOnComplete: { age: 600 },
      removeOnFail: { age: 600 },
    });
    expect(jobOptions("estimate", estimate, configured)).toEqual({
      attempts: 3,
      backoff: exponential(500),
      removeOnComplete: { age: 600 },
      removeOnFail: { age: 600 },
    });
    expect(jobOptions("batch-item", batchItem, configured)).toEqual({
      jobId: batchItem.requestId,
      priority: BATCH_JOB_PRIORITY,
      attempts: 3,
      backoff: exponential(500),
      removeOnComplete: { age: 600 },
      removeOnFail: { age: 600 },
    });
    expect(BATCH_JOB_PRIORITY).toBe(100);
    expect(jobOptions("monitor-run", null, { jobId: "manual-mon_x-abc" })).toEqual({
      jobId: "manual-mon_x-abc",
      attempts: 3,
      backoff: exponential(1000),
      removeOnComplete: { age: 86_400 },
      removeOnFail: { age: 604_800 },
    });
    expect(jobOptions("webhook-attempt", attempt, { retentionSeconds: 86_400, delayMs: 12.6 })).toEqual({
      jobId: "whd_catalog000000001-2",
      delay: 13,
      attempts: 5,
      backoff: exponential(1000),
      removeOnComplete: { age: 86_400 },
      removeOnFail: { age: 86_400 },
    });
    expect(jobOptions("canary", { kind: "canary" })).toEqual({ removeOnComplete: 20, removeOnFail: 20 });
    expect([jobQueue("monitor-run"), jobQueue("webhook-attempt"), jobQueue("canary")]).toEqual([
      "monitors",
      "webhooks",
      "canary",
    ]);
    expect(jobCatalog.call.queue({ queue: "audio" })).toBe("audio");
  });

  it("keeps awaited jobs (the gateway waits for them) by age, at least as long as asked, never removed at once", () => {
    const awaited = (Object.keys(jobCatalog) as JobKind[]).filter(
      (kind): kind is AwaitedJobKind => jobCatalog[kind].awaited,
    );
    expect(awaited).toEqual(["call", "estimate"]);
    for (const kind of awaited) {
      const options = jobOptions(kind, null, configured);
      expect(options.removeOnComplete).toEqual({ age: 600 });
      expect(options.removeOnFail).toEqual({ age: 600 });
    }
  });

  it("never delays a job by a negative time", () => {
    expect(jobOptions("webhook-attempt", attempt, { retentionSeconds: 1, delayMs: -5 }).delay).toBe(0);
  });

  it("adds jobs with the kind's name, id and policy, as BullMQ stores them", async () => {
    const webhooks = openQueue("webhooks");
    const job = await enqueue(webhooks, "webhook-attempt", attempt, { retentionSeconds: 60, delayMs: 0 });
    expect(job.id).toBe("whd_catalog000000001-2");
    const stored = await webhooks.getJob("whd_catalog000000001-2");
    expect(stored?.name).toBe("attempt");
    expect(stored?.data).toEqual(attempt);
    expect(stored?.opts).toMatchObject({
      attempts: 5,
      backoff: { type: "exponential", delay: 1000 },
      removeOnComplete: { age: 60 },
      removeOnFail: { age: 60 },
    });
    // The same attempt again is the same job: BullMQ ignores the add.
    await enqueue(webhooks, "webhook-attempt", attempt, { retentionSeconds: 60 });
    expect(await webhooks.count()).toBe(1);

    const videosite = openQueue("videosite");
    const second = { ...batchItem, requestId: "req_catalog0000000002", index: 5 };
    await enqueueBulk(videosite, "batch-item", [batchItem, second], configured);
    const items = await Promise.all([batchItem, second].map((item) => videosite.getJob(item.requestId)));
    expect(items.map((item) => [item?.name, item?.opts.priority, item?.data.index])).toEqual([
      ["videosite.video-details", 100, 4],
      ["videosite.video-details", 100, 5],
    ]);
  });

  it("schedules jobs with the kind's name, data and policy (no job id: BullMQ derives each iteration's)", async () => {
    const monitors = openQueue("monitors");
    const data = { kind: "monitor-run" as const, monitorId: "mon_catalog", trigger: "schedule" as const };
    await scheduleJobs(monitors, "monitor-run", "mon_catalog", { every: 3_600_000 }, data);
    const scheduler = await monitors.getJobScheduler("mon_catalog");
    expect(scheduler?.template).toEqual({
      data,
      opts: {
        attempts: 3,
        backoff: { type: "exponential", delay: 1000 },
        removeOnComplete: { age: 86_400 },
        removeOnFail: { age: 604_800 },
      },
    });
    const [first] = await monitors.getJobs(["delayed", "waiting"]);
    expect(first?.name).toBe("run");
    expect(first?.id).toMatch(/^repeat:mon_catalog:\d+$/);
  });

  it("refuses to add a job to a queue that is not its kind's, before anything is added", async () => {
    const queue = openQueue("monitors");
    expect(() => enqueue(queue, "webhook-attempt", attempt, { retentionSeconds: 60 })).toThrow(
      'a webhook-attempt job belongs on queue "webhooks", not "monitors"',
    );
    expect(await queue.count()).toBe(0);
  });

  it("types each kind's settings: a configured kind cannot be added without them", () => {
    const queue = openQueue("webhooks");
    // @ts-expect-error the webhook attempt's retention is the webhook config's: it must be passed
    const options = () => jobOptions("webhook-attempt", attempt);
    // @ts-expect-error a batch item is not a webhook attempt
    const wrongData = () => enqueue(queue, "webhook-attempt", batchItem, { retentionSeconds: 1 });
    expect([typeof options, typeof wrongData]).toEqual(["function", "function"]);
  });

  it("types awaited kinds' retention as an age: one kept by count (or removed at once) does not compile", () => {
    const awaitedKeptByCount: JobKindSpec<typeof canaryJobSchema, "canary", true, undefined> = {
      queue: "canary",
      schema: canaryJobSchema,
      name: "canary",
      awaited: true,
      // @ts-expect-error a waiter could find its job dropped by newer ones
      policy: () => ({ removeOnComplete: 20, removeOnFail: 20 }),
    };
    // @ts-expect-error removed at once: never, for any kind
    const removedAtOnce: JobPolicy = { removeOnComplete: true, removeOnFail: { age: 1 } };
    expect([awaitedKeptByCount.awaited, removedAtOnce.removeOnComplete]).toEqual([true, true]);
  });
});

describe("the kinds' schemas at the consumer boundary", () => {
  const parse = (kind: JobKind) => jobParser(jobCatalog[kind].schema);

  it("accept the data their producers write", () => {
    expect(parse("call")(call)).toEqual(call);
    expect(parse("estimate")(estimate)).toEqual(estimate);
    expect(parse("batch-item")(batchItem)).toEqual(batchItem);
    expect(parse("webhook-attempt")(attempt)).toEqual(attempt);
    expect(parse("canary")({ kind: "canary" })).toEqual({ kind: "canary" });
    // Schedulers written before the kinds had names.
    expect(parse("canary")({})).toEqual({ kind: "canary" });
    expect(parse("monitor-run")({ monitorId: "mon_catalog", trigger: "manual" })).toEqual({
      kind: "monitor-run",
      monitorId: "mon_catalog",
      trigger: "manual",
    });
  });

  it("refuse anything else with the paths of the first problems, never the values", () => {
    const refused = [
      ["webhook-attempt", { ...attempt, attempt: "2" }, "attempt: "],
      ["webhook-attempt", { ...attempt, attempt: 0 }, "attempt: "],
      ["webhook-attempt", { deliveryId: "whd_catalog000000001", attempt: 1 }, "replay: "],
      ["webhook-attempt", { ...attempt, deliveryId: "bat_notadelivery" }, "deliveryId: "],
      ["webhook-attempt", { ...attempt, url: "http://10.0.0.1/" }, "(root): "],
      ["canary", { kind: "refund" }, "kind: "],
      ["canary", { kind: "canary", calls: ["x"] }, "(root): "],
      ["canary", null, "(root): "],
    ] as const;
    for (const [kind, data, problem] of refused) {
      let error: unknown;
      try {
        parse(kind)(data);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(MalformedJobError);
      expect((error as Error).message.startsWith(problem)).toBe(true);
      expect((error as Error).message).not.toContain("10.0.0.1");
    }
  });
});
