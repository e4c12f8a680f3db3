import type { RedisClient } from "@sda/core";
import { ServiceError } from "@sda/core";
import type { RequestHandler, Response } from "express";
import { RateLimiterRedis, type RateLimiterRes } from "rate-limiter-flexible";
import { principalOf } from "./auth.ts";
import { batchedConsume } from "./batched-consume.ts";

/**
 * The IETF `RateLimit-*` fields of one answer (draft-ietf-httpapi-ratelimit-headers): the key's calls per window,
 * what is left of the current window, and the seconds until it resets.
 */
function rateLimitHeaders(limit: number, state: RateLimiterRes) {
  return {
    "RateLimit-Limit": String(limit),
    "RateLimit-Remaining": String(Math.max(0, state.remainingPoints)),
    "RateLimit-Reset": String(Math.max(0, Math.ceil(state.msBeforeNext / 1000))),
  };
}

/** Keys whose last known window this process remembers (bounded: cleared when full). */
const MAX_REMEMBERED_KEYS = 10_000;

/**
 * Per-key request rate limit in Redis (rate-limiter-flexible), so every gateway process shares one budget per key;
 * the calls of one event-loop turn consume their points in one Redis round trip per key (`batched-consume.ts`).
 * Every authenticated answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds).
 *
 * - `middleware`: checks the limit, then passes on (every authenticated route but the operations).
 * - `admit(res)`: starts the same check and hands it back unsettled (`admission`), for a caller that runs it alongside
 *   its own first round trip (an operation call's reservation or cache read: one round trip at c=1 instead of two).
 *   While the key's last known window (in this process) has fewer than two calls left it checks first, as the
 *   middleware does, and hands back no `admission`: a key over its limit never costs a reservation.
 *
 * Both reject with ServiceError 429 `rate_limited` with `retryAfterSeconds` (and `Retry-After`) when the key is over
 * its rate.
 */
export interface RateLimit {
  middleware: RequestHandler;
  admit(res: Response): Promise<{ admission?: Promise<void> }>;
  /** `admit` for a call that is not its own HTTP answer (an MCP tool call): the same check, no headers. */
  admitKey(keyId: string): Promise<{ admission?: Promise<void> }>;
}

/** Creates the per-key rate limit of the gateway (see {@link RateLimit}). */
export function rateLimit(redis: RedisClient, prefix: string, perSecond: number): RateLimit {
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${prefix}:ratelimit`,
    points: perSecond,
    duration: 1,
  });
  // Per key: epoch ms until which its window is known to be nearly spent.
  const nearlySpent = new Map<string, number>();
  const consume = batchedConsume(limiter);
  const check = async (keyId: string, res?: Response): Promise<void> => {
    const state = await consume(keyId);
    remember(keyId, state);
    res?.set(rateLimitHeaders(perSecond, state));
    if (state.consumedPoints <= perSecond) return;
    const retryAfterSeconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
    throw new ServiceError("rate_limited", `more than ${perSecond} calls per second with this key`, {
      retryAfterSeconds,
    });
  };
  const remember = (keyId: string, state: RateLimiterRes) => {
    // Fewer than two calls left: the next call of this key may be refused, so it waits for its check.
    if (state.remainingPoints >= 2) {
      nearlySpent.delete(keyId);
      return;
    }
    if (nearlySpent.size >= MAX_REMEMBERED_KEYS) nearlySpent.clear();
    nearlySpent.set(keyId, Date.now() + state.msBeforeNext);
  };
  const mayOverlap = (keyId: string): boolean => {
    const until = nearlySpent.get(keyId);
    if (until === undefined) return true;
    if (until > Date.now()) return false;
    nearlySpent.delete(keyId);
    return true;
  };
  const admitKey = async (keyId: string, res?: Response): Promise<{ admission?: Promise<void> }> => {
    if (!mayOverlap(keyId)) {
      await check(keyId, res);
      return {};
    }
    const admission = check(keyId, res);
    // Handled here too: a plan that throws before awaiting it must not leave an unhandled rejection.
    admission.catch(() => undefined);
    return { admission };
  };
  return {
    middleware: async (_req, res, next) => {
      await check(principalOf(res).keyId, res);
      next();
    },
    admit: (res) => admitKey(principalOf(res).keyId, res),
    admitKey: (keyId) => admitKey(keyId),
  };
}
