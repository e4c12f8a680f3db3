import { ServiceError } from "@sda/core";
import { serviceErrorOf } from "@sda/testing";
import { redisTest } from "@sda/testing/fixtures";
import { register } from "prom-client";
import { describe, expect, it } from "vitest";
import { orderStrategies, runChain } from "./chain.ts";
import { classifyError } from "./failure-class.ts";
import { circuitKey, readStrategyHealth } from "./health.ts";
import { defineStrategy, type Strategy } from "./strategy.ts";

/** `redisTest` with `health()`: the chain's health store under a new key prefix, its keys deleted after the file. */
const test = redisTest.extend("health", ({ redis, redisPrefix }) => () => ({
  redis,
  prefix: redisPrefix("chain"),
}));

type Ctx = { calls: string[] };
const ok = (id: string, source?: string): Strategy<Ctx, string> =>
  defineStrategy({
    id,
    ...(source ? { source } : {}),
    run: async (ctx: Ctx) => {
      ctx.calls.push(id);
      return `answer of ${id}`;
    },
  });
const failing = (id: string, error: unknown, source?: string): Strategy<Ctx, string> =>
  defineStrategy({
    id,
    ...(source ? { source } : {}),
    run: async (ctx: Ctx) => {
      ctx.calls.push(id);
      throw error;
    },
  });

const blocked = () =>
  new ServiceError("upstream_blocked", "session blocked", {
    retryAfterSeconds: 600,
    details: { reason: "session_block" },
  });

async function counterValue(strategy: string, outcome: string): Promise<number> {
  const metric = await register.getSingleMetric("upstream_strategy_total")?.get();
  return (
    metric?.values.find(
      (v) =>
        v.labels.platform === "testsite" && v.labels.strategy === strategy && v.labels.outcome === outcome,
    )?.value ?? 0
  );
}

// The audio pipeline's code as `@sda/media` declares it (this package does not depend on the pipeline).
const audioExtractFailed = { code: "audio_extract_failed", status: 502, retryable: true };

describe("failure classes", () => {
  it.each([
    [new ServiceError({ code: "video_unavailable", status: 404, retryable: false }, "gone"), "not_found"],
    [new ServiceError({ code: "subreddit_private", status: 403, retryable: false }, "private"), "not_found"],
    [new ServiceError("invalid_parameter", "bad"), "fatal"],
    [new ServiceError("upstream_blocked", "403"), "blocked"],
    [
      new ServiceError("upstream_blocked", "x", { details: { reason: "po_token_required" } }),
      "po_token_required",
    ],
    [new ServiceError("upstream_rate_limited", "429"), "rate_limited"],
    [new ServiceError("upstream_login_required", "login"), "login_wall"],
    [new ServiceError("upstream_timeout", "slow"), "transient"],
    [new ServiceError(audioExtractFailed, "403", { details: { reason: "blocked_rate" } }), "blocked"],
    [new ServiceError(audioExtractFailed, "kids", { details: { reason: "restricted" } }), "fatal"],
    [new TypeError("fetch failed"), "transient"],
  ])("%s is %s", (error, expected) => {
    expect(classifyError(error)).toBe(expected);
  });
});

describe("runChain", () => {
  test("answers from the first strategy that succeeds, records health and counts outcomes", async ({
    health,
    redis,
  }) => {
    const h = health();
    const ctx: Ctx = { calls: [] };
    const before = await counterValue("b", "success");
    const result = await runChain({
      platform: "testsite",
      operation: "transcript",
      strategies: [failing("a", new ServiceError("upstream_error", "500")), ok("b"), ok("c")],
      ctx,
      health: h,
    });
    expect(result).toMatchObject({ value: "answer of b", strategy: "b" });
    expect(result.attempts).toEqual([
      { id: "a", outcome: "failure", class: "transient", code: "upstream_error" },
      { id: "b", outcome: "success" },
    ]);
    expect(ctx.calls).toEqual(["a", "b"]);
    expect(await counterValue("b", "success")).toBe(before + 1);
    const read = await readStrategyHealth(redis, h.prefix);
    expect(read.testsite?.map((s) => [s.id, s.successes, s.failures, s.state])).toEqual([
      ["a", 0, 1, "failing"],
      ["b", 1, 0, "ok"],
    ]);
    expect(read.testsite?.[0]?.lastError).toBe("transient: upstream_error");
    expect(read.testsite?.[0]?.source).toBe("testsite:a");
  });

  test("not_found stops the chain and is answered with the strategies tried", async ({ health }) => {
    const ctx: Ctx = { calls: [] };
    const error = await serviceErrorOf(
      runChain({
        platform: "testsite",
        operation: "details",
        strategies: [
          failing("a", blocked()),
          failing(
            "b",
            new ServiceError({ code: "video_unavailable", status: 404, retryable: false }, "gone"),
          ),
          ok("c"),
        ],
        ctx,
        health: health(),
      }),
    );
    expect(error.code).toBe("video_unavailable");
    expect(error.status).toBe(404);
    expect(error.details.strategies).toEqual([
      { id: "a", outcome: "failure", class: "blocked", code: "upstream_blocked", reason: "session_block" },
      { id: "b", outcome: "failure", class: "not_found", code: "video_unavailable" },
    ]);
    expect(ctx.calls).toEqual(["a", "b"]);
  });

  test("a blocked strategy opens its source circuit only: the next call skips it and uses the next source", async ({
    health,
    redis,
  }) => {
    const h = health();
    const strategies = [
      failing("android", blocked(), "testsite:direct:android"),
      ok("visionos", "testsite:direct:visionos"),
    ];
    const first = await runChain({
      platform: "testsite",
      operation: "t",
      strategies,
      ctx: { calls: [] },
      health: h,
    });
    expect(first.strategy).toBe("visionos");
    expect(Number(await redis.pttl(circuitKey(h.prefix, "testsite:direct:android")))).toBeGreaterThan(0);
    expect(await redis.exists(circuitKey(h.prefix, "testsite:direct:visionos"))).toBe(0);
    const ctx: Ctx = { calls: [] };
    const before = await counterValue("android", "skipped");
    const second = await runChain({ platform: "testsite", operation: "t", strategies, ctx, health: h });
    expect(ctx.calls).toEqual(["visionos"]);
    expect(second.attempts[0]).toEqual({
      id: "android",
      outcome: "skipped",
      code: "circuit_open",
      reason: "circuit_open",
    });
    expect(await counterValue("android", "skipped")).toBe(before + 1);
    const android = (await readStrategyHealth(redis, h.prefix)).testsite?.find((s) => s.id === "android");
    expect(android?.state).toBe("open");
    // The error's Retry-After (600 s) is the cooldown.
    expect(Date.parse(android?.openUntil ?? "")).toBeGreaterThan(Date.now() + 590_000);
  });

  test("every strategy failing answers the most relevant failure; all skipped answers circuit_open with Retry-After", async ({
    health,
  }) => {
    const h = health();
    const strategies = [
      failing("a", new ServiceError("upstream_timeout", "slow")),
      failing("b", blocked()),
      failing("c", new ServiceError("upstream_blocked", "pot", { details: { reason: "po_token_required" } })),
    ];
    const error = await serviceErrorOf(
      runChain({ platform: "testsite", operation: "t", strategies, ctx: { calls: [] }, health: h }),
    );
    expect(error.code).toBe("upstream_blocked");
    expect(error.details.reason).toBe("session_block");
    expect(error.retryAfterSeconds).toBe(600);
    expect((error.details.strategies as unknown[]).length).toBe(3);

    const onlyB = [failing("b", blocked())];
    const skipped = await serviceErrorOf(
      runChain({ platform: "testsite", operation: "t", strategies: onlyB, ctx: { calls: [] }, health: h }),
    );
    expect(skipped.code).toBe("upstream_blocked");
    expect(skipped.details.reason).toBe("circuit_open");
    expect(skipped.retryable).toBe(true);
    expect(skipped.retryAfterSeconds).toBeGreaterThan(590);
    expect(skipped.details.strategies).toEqual([
      { id: "b", outcome: "skipped", code: "circuit_open", reason: "circuit_open" },
    ]);
  });

  test("a success after the cooldown closes the source circuit", async ({ health, redis }) => {
    const h = health();
    await redis.hset(circuitKey(h.prefix, "testsite:a"), {
      blockedRateConsecutive: 2,
      openUntil: Date.now() - 1,
    });
    const result = await runChain({
      platform: "testsite",
      operation: "t",
      strategies: [ok("a")],
      ctx: { calls: [] },
      health: h,
    });
    expect(result.strategy).toBe("a");
    expect(await redis.exists(circuitKey(h.prefix, "testsite:a"))).toBe(0);
  });

  it("runs in the configured order, only the configured ids; unknown ids are ignored", async () => {
    const strategies = [ok("a"), ok("b"), ok("c")];
    expect(orderStrategies(strategies, ["c", "x", "a"]).map((s) => s.id)).toEqual(["c", "a"]);
    expect(orderStrategies(strategies, ["x"]).map((s) => s.id)).toEqual(["a", "b", "c"]);
    expect(orderStrategies(strategies, []).map((s) => s.id)).toEqual(["a", "b", "c"]);
    const ctx: Ctx = { calls: [] };
    const result = await runChain({
      platform: "testsite",
      operation: "t",
      strategies,
      order: ["c", "a"],
      ctx,
    });
    expect(result.strategy).toBe("c");
  });

  it("an aborted job ends the chain with the abort reason", async () => {
    const controller = new AbortController();
    const strategies = [
      defineStrategy({
        id: "a",
        run: async () => {
          controller.abort(new Error("job cancelled"));
          throw new ServiceError("upstream_timeout", "aborted");
        },
      }),
      ok("b"),
    ];
    await expect(
      runChain({
        platform: "testsite",
        operation: "t",
        strategies,
        ctx: { calls: [] },
        signal: controller.signal,
      }),
    ).rejects.toThrow("job cancelled");
  });
});

describe("runChain applicability", () => {
  it("a strategy that does not apply after the attempts so far is skipped without running", async () => {
    const ctx: Ctx = { calls: [] };
    const reel = defineStrategy({
      id: "reel",
      applies: (_ctx: Ctx, info) => info.attempts.some((a) => a.code === "upstream_error"),
      run: async (c: Ctx) => {
        c.calls.push("reel");
        return "reel";
      },
    });
    const result = await runChain({
      platform: "testsite",
      operation: "t",
      strategies: [failing("a", new ServiceError("upstream_timeout", "slow")), reel, ok("c")],
      ctx,
    });
    expect(result.strategy).toBe("c");
    expect(result.attempts[1]).toEqual({ id: "reel", outcome: "skipped", reason: "not_applicable" });
    expect(ctx.calls).toEqual(["a", "c"]);
  });
});
