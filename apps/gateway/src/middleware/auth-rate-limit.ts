import type { Redis } from "ioredis";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";

/**
 * The budget of key lookups that fail, per client address (rate-limiter-flexible on Redis, shared by all gateways).
 *
 * A request whose key is not in the in-process key cache takes one point atomically *before* its database lookup, and
 * gets it back when the key turns out valid; so a flood of bad keys from one address makes exactly
 * `perSecond × windowSeconds` lookups per window (even when sent in parallel) and every further request is 429 without any lookup,
 * while callers with valid keys are never held back (their keys are cached; a lookup's point is refunded). An address
 * over budget is also remembered in memory until its window ends, so a flood costs no Redis round trip either.
 */
export class AuthFailureLimiter {
  readonly #limiter: RateLimiterRedis;
  readonly #blockedUntil = new Map<string, number>();

  /**
   * @param perSecond failed lookups allowed per address per second on average (AUTH_RATE_LIMIT_PER_SECOND)
   * @param windowSeconds the budget's window (AUTH_RATE_LIMIT_WINDOW_SECONDS): `perSecond × windowSeconds` points
   */
  constructor(redis: Redis, prefix: string, perSecond: number, windowSeconds: number) {
    this.#limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${prefix}:authfail`,
      points: perSecond * windowSeconds,
      duration: windowSeconds,
    });
  }

  /**
   * Takes one point of the address's budget.
   * @returns null when taken, else the seconds to wait (≥ 1) before the address may try again.
   * @throws the store's error when Redis is unreachable (the gateway answers 503).
   */
  async take(address: string): Promise<number | null> {
    const now = Date.now();
    const until = this.#blockedUntil.get(address);
    if (until !== undefined) {
      if (until > now) return Math.max(1, Math.ceil((until - now) / 1000));
      this.#blockedUntil.delete(address);
    }
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

  /** Gives back the point taken for a lookup that found a valid key. */
  async refund(address: string): Promise<void> {
    await this.#limiter.reward(address, 1);
  }
}
