import { randomPrefix, serviceErrorOf } from "@sda/testing";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { BlockedRateCircuit, type BlockedRateCircuitOptions } from "./blocked-rate.ts";

const redis = new Redis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379", {
  maxRetriesPerRequest: null,
});
const made: BlockedRateCircuit[] = [];
afterAll(async () => {
  for (const c of made) await redis.del(c.key, c.probeKey);
  await redis.quit();
});

function circuit(options: Partial<BlockedRateCircuitOptions> = {}) {
  const c = new BlockedRateCircuit(redis, {
    keyPrefix: randomPrefix("circuit"),
    name: "videosite-media",
    cooldownSeconds: 300,
    maxWaitSeconds: 0,
    probeTtlMs: 30_000,
    pollMs: 20,
    ...options,
  });
  made.push(c);
  return c;
}

const failure = serviceErrorOf;

describe("the service-wide blocked_rate circuit", () => {
  it("closed: downloads are admitted without a probe and nothing is stored", async () => {
    const c = circuit();
    expect(await c.enter()).toMatchObject({ probe: false });
    expect(await c.read()).toEqual({ state: "closed", remainingMs: 0, blockedRateConsecutive: 0 });
    expect(await redis.exists(c.key)).toBe(0);
  });

  it("a blocked download opens it for the cooldown; the next download fails fast with the remaining wait", async () => {
    const c = circuit();
    const ticket = await c.enter();
    expect(await c.recordBlocked(ticket)).toBe(1);
    const state = await c.read();
    expect(state).toMatchObject({ state: "open", blockedRateConsecutive: 1 });
    expect(state.remainingMs).toBeGreaterThan(295_000);
    expect(c.key.endsWith(":circuit:videosite-media")).toBe(true);
    const error = await failure(c.enter());
    expect(error.code).toBe("audio_extract_failed");
    expect(error.retryable).toBe(true);
    expect(error.retryAfterSeconds).toBeGreaterThan(295);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(300);
    expect(error.details).toMatchObject({
      reason: "blocked_rate",
      cacheScope: "service",
      blockedRateConsecutive: 1,
      circuit: "open",
    });
  });

  it("a second circuit object on the same keys (another worker process) sees the same open circuit", async () => {
    const keyPrefix = randomPrefix("circuit");
    const a = circuit({ keyPrefix });
    const b = circuit({ keyPrefix });
    await a.recordBlocked(await a.enter());
    expect((await failure(b.enter())).details.reason).toBe("blocked_rate");
  });

  it("after the cooldown one probe runs while others fail fast; its success closes the circuit", async () => {
    const keyPrefix = randomPrefix("circuit");
    const c = circuit({ keyPrefix, cooldownSeconds: 1, maxWaitSeconds: 5 });
    await c.recordBlocked(await c.enter());
    // Waits out the (short) cooldown, then becomes the probe.
    const probe = await c.enter();
    expect(probe.probe).toBe(true);
    expect((await c.read()).state).toBe("probing");
    const other = circuit({ keyPrefix, cooldownSeconds: 1, maxWaitSeconds: 0 });
    const error = await failure(other.enter());
    expect(error.details).toMatchObject({ reason: "blocked_rate", circuit: "probing" });
    await c.recordSuccess(probe);
    expect(await c.read()).toEqual({ state: "closed", remainingMs: 0, blockedRateConsecutive: 0 });
    expect(await other.enter()).toMatchObject({ probe: false });
  });

  it("a blocked probe reopens the circuit and counts on; a probe failing otherwise hands over to the next", async () => {
    const c = circuit({ cooldownSeconds: 1, maxWaitSeconds: 5 });
    await c.recordBlocked(await c.enter());
    const probe = await c.enter();
    expect(await c.recordBlocked(probe)).toBe(2);
    expect(await c.read()).toMatchObject({ state: "open", blockedRateConsecutive: 2 });
    const second = await c.enter();
    expect(second.probe).toBe(true);
    await c.release(second);
    expect(await c.read()).toMatchObject({ state: "half-open", blockedRateConsecutive: 2 });
    expect((await c.enter()).probe).toBe(true);
  });

  it("a wait is abandoned when the job is aborted", async () => {
    const c = circuit({ cooldownSeconds: 2, maxWaitSeconds: 10 });
    await c.recordBlocked(await c.enter());
    const controller = new AbortController();
    const waiting = c.enter(controller.signal);
    controller.abort(new Error("job cancelled"));
    await expect(waiting).rejects.toThrow("job cancelled");
  });
});
