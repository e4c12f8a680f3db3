import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { FENCE_NOTE } from "@sda/ledger";
import { expectLedgerReconciled } from "@sda/testing";
import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import { startTestRedis } from "./support/redis-server.ts";
import { type ApiResponse, holdReplies, requestIdOf } from "./support/stack.ts";

// Issue 34 #1: calls in flight when Redis stops were answered "503, not billed" while their worker settled them, and
// a retry with the same Idempotency-Key was charged again. Here the service's Redis (this file's own redis-server,
// with an append-only file, as a Redis run with persistence) is killed while CALLS calls wait, stays down past the
// request deadline, and comes back with its data. An answer "not billed" must be true (the gateway fenced the call in
// PostgreSQL first), the others are job handles (202), and a retry of every call with its key ends in one charge.
const CALLS = 40;
const INITIAL = 1000;
const DEADLINE_MS = 2500;
const TRANSCRIPT = "/v1/videosite/transcript";
const VIDEO = { url: "https://www.youtube.com/watch?v=M4gD1WSo5mA" };

const test = stackTest
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this destructuring
  .extend("ownRedis", { scope: "file" }, async ({}, { onCleanup }) => {
    const dir = await mkdtemp(path.join(tmpdir(), "sda-redis-aof-"));
    const redis = await startTestRedis({ appendOnlyDir: dir });
    onCleanup(async () => {
      await redis.kill();
      await rm(dir, { recursive: true, force: true });
    });
    return redis;
  })
  .extend("stackOptions", { scope: "file" }, ({ ownRedis }) => ({
    env: {
      REDIS_URL: ownRedis.url,
      REQUEST_DEADLINE_MS: String(DEADLINE_MS),
      RATE_LIMIT_PER_SECOND: "100000",
      // Fewer slots than calls: some jobs run (and settle) while Redis is down, the others wait in the queue.
      WORKER_CONCURRENCY: "10",
      JOB_LOCK_MS: "2000",
      JOB_STALLED_INTERVAL_MS: "1000",
    },
  }));

const idem = (i: number) => ({ "Idempotency-Key": `redis-loss-${i}` });

describe("Redis killed under load: no charge behind a 'not billed' answer", () => {
  test("503 only when fenced (0 charges), 202 otherwise; every key is charged exactly once in all", async ({
    stack,
    ownRedis,
  }) => {
    const { key, accountId } = await stack.account(INITIAL);
    expect((await stack.get("/v1/account", key)).status).toBe(200);

    // The caption bodies are held so the running calls settle while Redis is down, before their gateway's deadline;
    // lifted once the jobs that survived in Redis have run again (the retries need no hold).
    const releaseHold = stack.replay.addFault(holdReplies("/api/timedtext", 1200));
    let answered = 0;
    const calls = Array.from({ length: CALLS }, (_, i) =>
      stack.get(TRANSCRIPT, key, VIDEO, idem(i)).finally(() => answered++),
    );
    await expect
      .poll(() => stack.replay.hits.some((h) => h.path === "/api/timedtext"), {
        timeout: 30_000,
        interval: 20,
      })
      .toBe(true);
    await ownRedis.kill();
    // Down past the deadline: every waiting call is answered while Redis is away.
    await expect.poll(() => answered, { timeout: 30_000, interval: 50 }).toBe(CALLS);
    await ownRedis.start();
    await expect
      .poll(async () => (await stack.get("/readyz", null)).status, { timeout: 30_000, interval: 100 })
      .toBe(200);
    const first = await Promise.all(calls);

    const byStatus = (status: number) => first.filter((r) => r.status === status);
    const notBilled = byStatus(503);
    const handles = byStatus(202);
    const served = byStatus(200);
    expect(notBilled.length + handles.length + served.length).toBe(CALLS);
    // The scenario happened: calls were answered while Redis was down.
    expect(notBilled.length + handles.length).toBeGreaterThan(0);
    for (const r of notBilled)
      expect(r.body.error).toMatchObject({ code: "service_unavailable", retryable: true });

    // Let every job that survived in Redis finish (re-run after its lost lock), then check the "not billed" words.
    const queue = stack.gateway.deps.bridge.queue("videosite");
    await expect
      .poll(async () => queue.getJobCounts("active", "wait", "prioritized", "delayed"), {
        timeout: 30_000,
        interval: 100,
      })
      .toEqual({ active: 0, wait: 0, prioritized: 0, delayed: 0 });
    releaseHold();
    const fences = await stack.prisma.ledgerEntry.findMany({ where: { accountId, note: FENCE_NOTE } });
    let chargedBehindNotBilled = 0;
    for (const r of notBilled)
      chargedBehindNotBilled += (await stack.ledger.chargesFor(requestIdOf(r))).length;
    expect(chargedBehindNotBilled).toBe(0);
    // A fence (a 0-credit marker under the request id) is always answered "not billed"; the other 503s never reached
    // a job (refused before their Idempotency-Key claim or their enqueue); no hold is left behind.
    const notBilledIds = new Set(notBilled.map(requestIdOf));
    expect(fences.filter((f) => f.requestId !== null && notBilledIds.has(f.requestId)).length).toBe(
      fences.length,
    );
    expect(fences.every((f) => f.amount === 0 && f.kind === "adjustment")).toBe(true);
    expect(fences.length).toBeGreaterThan(0);

    // Every call retried with its key until it is answered 200 (the keys side by side, each key's tries one after
    // another): one charge per key across all its requests.
    const requestsOf = first.map((r) => [requestIdOf(r)]);
    const retryUntilServed = async (i: number) => {
      let answer: ApiResponse = first[i] as ApiResponse;
      for (let attempt = 0; answer.status !== 200 && attempt < 60; attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 500));
        answer = await stack.get(TRANSCRIPT, key, VIDEO, idem(i));
        requestsOf[i]?.push(requestIdOf(answer));
      }
      expect(answer.status, `call ${i} ends in 200`).toBe(200);
    };
    await Promise.all(Array.from({ length: CALLS }, (_, i) => retryUntilServed(i)));
    const chargesPerKey: number[] = [];
    for (const ids of requestsOf) {
      let n = 0;
      for (const id of ids) n += (await stack.ledger.chargesFor(id)).length;
      chargesPerKey.push(n);
    }
    expect(chargesPerKey).toEqual(Array(CALLS).fill(1));

    // Nothing else was charged: the balance is the initial grant less one credit per key, and the ledger adds up.
    const charges = await stack.prisma.ledgerEntry.count({ where: { accountId, kind: "charge" } });
    expect(charges).toBe(CALLS);
    expect(await stack.ledger.balance(accountId)).toBe(INITIAL - CALLS);
    expect((await stack.ledger.credits(accountId))?.reserved).toBe(0);
    await expectLedgerReconciled(stack.prisma, [accountId]);
    console.log(
      `redis-loss-billing: ${served.length} × 200, ${handles.length} × 202, ${notBilled.length} × 503 (${fences.length} fenced)`,
    );
  }, 180_000);
});
