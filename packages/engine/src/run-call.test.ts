import { registry } from "@sda/catalog";
import { parseParams } from "@sda/contract";
import { newId } from "@sda/core";
import { createQueueWorker, deleteKeysUnder, jobParser, platformJobSchema } from "@sda/queue";
import { randomPrefix } from "@sda/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EngineHarness, startEngineHarness } from "../test/harness.ts";
import type { JobResult } from "./job-result.ts";
import type { PlatformJob } from "./jobs.ts";
import { planCall } from "./plan.ts";
import { cachedData } from "./result-cache.ts";
import type { EngineDeps } from "./run-call.ts";
import { planAndRunCall, runCallJob } from "./runners.ts";
import { createCallBridge, submitCall } from "./submit.ts";

let harness: EngineHarness;
let deps: EngineDeps;
let redis: EngineDeps["redis"];

beforeAll(async () => {
  harness = await startEngineHarness("engine", 60);
  ({ deps } = harness);
  ({ redis } = deps);
});
afterAll(() => harness.close());

/** A call of a new account with `credits`, as a worker-started call (batch item, monitor run) names it. */
async function payloadFor(operationId: string, params: Record<string, unknown>, credits = 10) {
  const account = await deps.ledger.createAccount({ name: "engine", grant: credits });
  return {
    requestId: newId("req"),
    accountId: account.id,
    keyId: "key_engine",
    operationId,
    params,
  };
}

/** Plans (holds) and runs the call in the worker as `jobId`, without reading the cache. */
function executeJob(payload: Awaited<ReturnType<typeof payloadFor>>, jobId: string, d: EngineDeps = deps) {
  const op = registry.byId(payload.operationId);
  if (!op) throw new Error(`no operation ${payload.operationId}`);
  const principal = { accountId: payload.accountId, keyId: payload.keyId };
  const call = { op, raw: payload.params, principal, requestId: payload.requestId };
  return planAndRunCall(call, d, harness.run({ jobId }), { readCache: false });
}

/**
 * Runs a successful French transcript job as `jobId` (which refreshes its result cache entry).
 * @returns its result, its operation and its parsed parameters (the cache key's input).
 */
async function transcriptJob(jobId: string) {
  const params = { url: "https://youtu.be/rCAS2eD-mcw", language: "fr" };
  const result = await executeJob(await payloadFor("videosite.transcript", params), jobId);
  const op = registry.byId("videosite.transcript");
  if (!op || !result.ok) throw new Error("expected a success");
  return { result, op, parsed: parseParams(op.params, params) as Record<string, unknown> };
}

describe("runCall (worker-started calls: planAndRunCall)", () => {
  it("runs the handler, charges the price once per request id, and reports the charge", async () => {
    const payload = await payloadFor("videosite.transcript", { url: "https://youtu.be/ud9d5cMDP_0" });
    const first = await executeJob(payload, "job_a");
    expect(first).toMatchObject({ ok: true, credits: 1, cache: "BYPASS" });
    // A retry of the same job (same request id) after a crash that followed the charge: no second charge.
    const retry = await executeJob(payload, "job_a");
    expect(retry).toMatchObject({ ok: true, credits: 1 });
    expect(await deps.ledger.chargesFor(payload.requestId)).toHaveLength(1);
    expect(await deps.ledger.balance(payload.accountId)).toBe(9);
  });

  it("returns expected failures as results (not exceptions) and charges nothing", async () => {
    const payload = await payloadFor("videosite.transcript", { url: "https://youtu.be/8VajtrESJzA" });
    const result = await executeJob(payload, "job_b");
    expect(result).toMatchObject({ ok: false, credits: 0, error: { code: "video_unavailable" } });
    expect(await deps.ledger.balance(payload.accountId)).toBe(10);
  });

  it("answers 402 when the balance no longer covers the price at charge time", async () => {
    const payload = await payloadFor("videosite.transcript", { url: "https://youtu.be/ud9d5cMDP_0" }, 0);
    const result = await executeJob(payload, "job_c");
    expect(result).toMatchObject({ ok: false, error: { code: "insufficient_credits" } });
    expect(await deps.ledger.chargesFor(payload.requestId)).toHaveLength(0);
  });

  it("a worker that crashes right after charging: BullMQ re-runs the job and the call is still billed once", async () => {
    const queuePrefix = randomPrefix("crash");
    const bridge = createCallBridge({
      connection: redis,
      prefix: queuePrefix,
      queues: ["videosite"],
      resultTtlSeconds: 60,
      attempts: 3,
    });
    await bridge.start();
    let attempts = 0;
    const worker = createQueueWorker<PlatformJob, JobResult>({
      queue: "videosite",
      connection: redis,
      prefix: queuePrefix,
      concurrency: 1,
      lockDurationMs: 5000,
      parse: jobParser(platformJobSchema),
      log: deps.log,
      processor: async (data, job): Promise<JobResult> => {
        if (data.kind !== "call") throw new Error("expected a call job");
        const result = await runCallJob(data, deps, harness.run({ jobId: job.id ?? "" }));
        attempts++;
        // The first attempt dies after the charge committed, before BullMQ records completion.
        if (attempts === 1) throw new Error("simulated crash after charge");
        return result;
      },
    });
    const payload = await payloadFor("videosite.transcript", { url: "https://youtu.be/M4gD1WSo5mA" });
    const op = registry.byId(payload.operationId);
    if (!op) throw new Error("no transcript operation");
    const plan = await planCall(op, payload.params, payload, payload.requestId, harness.plan);
    const outcome = await submitCall(plan, {
      bridge,
      deadlineMs: 20_000,
    });
    expect(attempts).toBe(2);
    expect(outcome).toMatchObject({ state: "finished", result: { ok: true, credits: 1 } });
    expect(await deps.ledger.chargesFor(payload.requestId)).toHaveLength(1);
    expect(await deps.ledger.balance(payload.accountId)).toBe(9);
    await worker.close();
    await bridge.close();
    await deleteKeysUnder(redis, queuePrefix);
  });

  it("stores the outcome in the result cache for later cache=true calls", async () => {
    const { result, op, parsed } = await transcriptJob("job_d");
    const cached = await deps.cache.get(op, parsed);
    if (!cached) throw new Error("expected a cache entry");
    expect(cachedData(cached)).toEqual(result.data);
    expect(cached.dataJson).toBe(JSON.stringify(result.data));
    expect(cached.cachedAt).toMatch(/Z$/);
    expect(cached.source).toBe(result.source);
  });

  it("reads a cache entry of the earlier layout (one JSON document with data inside) the same", async () => {
    const { op, parsed } = await transcriptJob("job_e");
    const key = deps.cache.key(op.id, parsed);
    const current = await deps.cache.get(op, parsed);
    if (!current) throw new Error("expected a cache entry");
    // The entry as a build before the two-line layout wrote it, from this call's own stored outcome.
    const { dataJson, ...meta } = current;
    await redis.set(key, JSON.stringify({ ...meta, data: JSON.parse(dataJson) }), "EX", 60);
    expect(await deps.cache.get(op, parsed)).toEqual(current);
    await redis.set(key, "not json\n{}", "EX", 60);
    expect(await deps.cache.get(op, parsed)).toBeNull();
  });
});
