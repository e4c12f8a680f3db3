import { ServiceError } from "@sda/core";
import type { RequestHandler } from "express";
import type { Redis } from "ioredis";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { principalOf } from "./auth.ts";

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

/**
 * Per-key request rate limit in Redis (rate-limiter-flexible), so every gateway process shares one budget per key.
 * Every authenticated answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds).
 * @throws ServiceError 429 `rate_limited` with `retryAfterSeconds` (and `Retry-After`) when the key is over its rate.
 */
export function rateLimit(redis: Redis, prefix: string, perSecond: number): RequestHandler {
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${prefix}:ratelimit`,
    points: perSecond,
    duration: 1,
  });
  return async (_req, res, next) => {
    try {
      res.set(rateLimitHeaders(perSecond, await limiter.consume(principalOf(res).keyId)));
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      res.set(rateLimitHeaders(perSecond, rejection));
      const retryAfterSeconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw new ServiceError("rate_limited", `more than ${perSecond} calls per second with this key`, {
        retryAfterSeconds,
      });
    }
    next();
  };
}
