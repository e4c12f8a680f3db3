import type { AuthResult, KeyCache } from "@sda/ledger";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { describe, expect, it } from "vitest";
import type { GatewayMetrics } from "../metrics.ts";
import { authenticate } from "./auth.ts";
import type { AuthFailureLimiter } from "./auth-rate-limit.ts";

// Issue 34 #6: an over-budget address's uncached lookups ran one at a time in arrival order, so a valid key that
// arrived during a bad-key flood waited for the whole backlog. Here the lookups are held until the test lets them
// finish, so the order in which they START is exact: a few at a time, the newest first.
const VALID = "sda_live_valid";

function fixture() {
  const started: string[] = [];
  const pending: (() => void)[] = [];
  const keys = {
    cached: () => null,
    authenticate: (secret: string) =>
      new Promise<AuthResult>((resolve) => {
        started.push(secret);
        pending.push(() =>
          resolve(
            secret === VALID
              ? { ok: true, principal: { accountId: "acct_x", keyId: "key_x", balance: 1 } as never }
              : { ok: false, reason: "unknown" },
          ),
        );
      }),
  } as unknown as KeyCache;
  const limiter = { isBlocked: () => true, fail: async () => 1 } as unknown as AuthFailureLimiter;
  const metrics = { authRejected: { inc: () => undefined } } as unknown as GatewayMetrics;
  const handler: RequestHandler = authenticate(keys, limiter, metrics);
  const call = (secret: string) => {
    const req = {
      ip: "203.0.113.5",
      get: (h: string) => (h === "authorization" ? `Bearer ${secret}` : undefined),
    };
    const res = { locals: {} };
    return Promise.resolve(
      handler(req as unknown as Request, res as unknown as Response, (() => undefined) as NextFunction),
    ).then(
      () => "served",
      (error: { code?: string }) => error.code ?? "error",
    );
  };
  /** Lets the oldest started lookup finish, then lets the event loop start the next ones. */
  const finishOne = async () => {
    pending.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { started, call, finishOne };
}

describe("uncached lookups of an over-budget address", () => {
  it("run 4 at a time and the newest first: a valid key behind 100 bad ones starts after 4 lookups, not 100", async () => {
    const { started, call, finishOne } = fixture();
    const bad = Array.from({ length: 100 }, (_, i) => call(`sda_live_bad${i}`));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toHaveLength(4);
    const valid = call(VALID);
    await finishOne();
    // The first slot freed goes to the newest waiting lookup: the valid key.
    expect(started.indexOf(VALID)).toBe(4);
    for (let i = 0; i < 110; i++) await finishOne();
    expect(await valid).toBe("served");
    const answers = await Promise.all(bad);
    expect(answers).toEqual(Array(100).fill("rate_limited"));
    expect(started).toHaveLength(101);
  });
});
