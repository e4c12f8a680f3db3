import { ServiceError } from "@sda/core";
import type { RequestHandler } from "express";
import type { Redis } from "ioredis";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { principalOf } from "./auth.ts";

/**
 * Per-key request rate limit in Redis (rate-limiter-flexible), so every gateway process shares one budget per key.
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
      await limiter.consume(principalOf(res).keyId);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const retryAfterSeconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw new ServiceError("rate_limited", `more than ${perSecond} calls per second with this key`, {
        retryAfterSeconds,
      });
    }
    next();
  };
}
