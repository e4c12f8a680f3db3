import { expectLedgerReconciled } from "@sda/testing";
import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import { startTestRedis } from "./support/redis-server.ts";
import { holdReplies, requestIdOf } from "./support/stack.ts";

// Fault suite: the gateway's and workers' Redis (a redis-server this test owns, on its own port, without persistence)
// is killed while 200 calls are in flight and started again empty, as a crashed Redis without persistence comes back.
const IN_FLIGHT = 200;
const WHILE_DOWN = 20;
const AFTER = 20;
const TRANSCRIPT = "/v1/videosite/transcript";
const VIDEO = { url: "https://www.youtube.com/watch?v=M4gD1WSo5mA" };

// A redis-server of this file's own (`ownRedis`): the shared one is never stopped.
const test = stackTest
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this destructuring
  .extend("ownRedis", { scope: "file" }, async ({}, { onCleanup }) => {
    const redis = await startTestRedis();
    onCleanup(() => redis.kill());
    return redis;
  })
  .extend("stackOptions", { scope: "file" }, ({ ownRedis }) => ({
    env: { REDIS_URL: ownRedis.url, REQUEST_DEADLINE_MS: "15000", RATE_LIMIT_PER_SECOND: "100000" },
  }));

describe("Redis restarted during 200 in-flight calls", () => {
  test("answers 503 service_unavailable while Redis is down, recovers, and charges no call twice", async ({
    stack,
    ownRedis,
  }) => {
    const { key, accountId } = await stack.account(1000);
    expect((await stack.get("/v1/account", key)).status).toBe(200);

    // Hold the caption bodies so the calls are certainly in flight when Redis dies (lifted once they are answered).
    const releaseHold = stack.replay.addFault(holdReplies("/api/timedtext", 1000));
    const inFlight = Promise.all(Array.from({ length: IN_FLIGHT }, () => stack.get(TRANSCRIPT, key, VIDEO)));
    await expect
      .poll(() => stack.replay.hits.some((h) => h.path === "/api/timedtext"), {
        timeout: 30_000,
        interval: 20,
      })
      .toBe(true);
    await ownRedis.kill();

    // While Redis is down a new call is refused at once (the gateway's Redis connection does not queue commands).
    const down = await Promise.all(
      Array.from({ length: WHILE_DOWN }, () => stack.get(TRANSCRIPT, key, VIDEO)),
    );
    for (const response of down) {
      expect(response.status).toBe(503);
      expect(response.body.error).toMatchObject({ code: "service_unavailable", retryable: true });
      expect(response.headers.get("retry-after")).toBe("2");
    }

    await ownRedis.start();
    await expect
      .poll(async () => (await stack.get("/readyz", null)).status, { timeout: 30_000, interval: 100 })
      .toBe(200);

    // Every in-flight call is answered: 200 when it finished in time, 202 with its job's handle when its worker charged
    // it before the gateway could fence it (docs/api.md, "When Redis goes away mid-call"), else 503 (its job was lost
    // with Redis's data).
    const answered = await inFlight;
    releaseHold();
    const statuses = answered.map((r) => r.status);
    expect(statuses.filter((s) => s === 200 || s === 202 || s === 503).length).toBe(IN_FLIGHT);
    for (const r of answered.filter((x) => x.status === 503))
      expect(r.body.error).toMatchObject({ code: "service_unavailable", retryable: true });
    for (const r of answered.filter((x) => x.status === 202)) {
      expect(r.body.data).toMatchObject({
        jobId: expect.stringMatching(/^job_/),
        pollUrl: `/v1/jobs/${r.body.data.jobId}`,
      });
      expect(await stack.ledger.chargesFor(requestIdOf(r))).toHaveLength(1);
    }

    // Recovered: new calls are served and billed.
    const after = [];
    for (let i = 0; i < AFTER; i++) after.push(await stack.get(TRANSCRIPT, key, VIDEO));
    expect(after.map((r) => r.status)).toEqual(Array(AFTER).fill(200));

    // Every 200 was charged exactly once; no request was charged twice; nothing refused while down was charged.
    const served = [...answered, ...after].filter((r) => r.status === 200);
    for (const r of served) expect(await stack.ledger.chargesFor(requestIdOf(r))).toHaveLength(1);
    for (const r of down) expect(await stack.ledger.chargesFor(requestIdOf(r))).toHaveLength(0);
    const charges = await stack.prisma.ledgerEntry.findMany({ where: { accountId, kind: "charge" } });
    const ours = new Set([...answered, ...after].map(requestIdOf));
    expect(charges.every((c) => c.requestId !== null && ours.has(c.requestId))).toBe(true);
    expect(charges.length).toBeGreaterThanOrEqual(served.length);
    expect(await stack.ledger.balance(accountId)).toBe(1000 - charges.length);
    await expectLedgerReconciled(stack.prisma, [accountId]);
  }, 120_000);
});
