import type { RedisClient } from "@sda/core";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";

/**
 * The budget of failed authentications per client address (rate-limiter-flexible on Redis, shared by all gateways).
 *
 * Only failures spend it: a request is authenticated first, and a missing, malformed, unknown or revoked key then
 * takes a point; once the address's `perSecond × windowSeconds` points are spent, its failures are answered 429 (with
 * `Retry-After`) instead of 401 until the window ends. A valid key is never refused for other callers' failures, so
 * clients behind one NAT cannot lock each other out (issue 21 #3: the budget used to be taken before the lookup, and
 * valid keys got 429 during a flood). An address over budget is also remembered in memory until its window ends, so
 * the flood's further failures cost no Redis round trip.
 */
export class AuthFailureLimiter {
  readonly #limiter: RateLimiterRedis;
  readonly #blockedUntil = new Map<string, number>();

  /**
   * @param perSecond failed authentications allowed per address per second on average (AUTH_RATE_LIMIT_PER_SECOND)
   * @param windowSeconds the budget's window (AUTH_RATE_LIMIT_WINDOW_SECONDS): `perSecond × windowSeconds` points
   */
  constructor(redis: RedisClient, prefix: string, perSecond: number, windowSeconds: number) {
    this.#limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${prefix}:authfail`,
      points: perSecond * windowSeconds,
      duration: windowSeconds,
    });
  }

  /** True while the address is known (in this process) to be over its budget. */
  isBlocked(address: string): boolean {
    const until = this.#blockedUntil.get(address);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.#blockedUntil.delete(address);
    return false;
  }

  /**
   * Counts one failed authentication of the address.
   * @returns null while the address is within its budget (answer 401), else the seconds to wait (≥ 1; answer 429).
   * @throws the store's error when Redis is unreachable (the gateway answers 503).
   */
  async fail(address: string): Promise<number | null> {
    const now = Date.now();
    const until = this.#blockedUntil.get(address);
    if (until !== undefined && until > now) return Math.max(1, Math.ceil((until - now) / 1000));
    try {
      await this.#limiter.consume(address);
      return null;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      // Bounded: a spoofed-address flood cannot grow the map without limit.
      if (this.#blockedUntil.size >= 10_000) this.#blockedUntil.clear();
      this.#blockedUntil.set(address, now + rejection.msBeforeNext);
      return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    }
  }
}
