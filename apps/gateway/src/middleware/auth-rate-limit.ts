import type { Redis } from "ioredis";
import { RateLimiterRedis } from "rate-limiter-flexible";

/**
 * The budget of failed authentications per client address (rate-limiter-flexible on Redis, shared by all gateways):
 * a key flood from one address gets 429 before any key lookup once the budget is spent, while callers with valid keys
 * never touch it. An address found over budget is also remembered in memory until its window ends, so a flood costs
 * no Redis round trip either.
 */
export class AuthFailureLimiter {
  readonly #limiter: RateLimiterRedis;
  readonly #blockedUntil = new Map<string, number>();

  /** @param perSecond failed authentications allowed per address per second (AUTH_RATE_LIMIT_PER_SECOND). */
  constructor(
    redis: Redis,
    prefix: string,
    readonly perSecond: number,
  ) {
    this.#limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${prefix}:authfail`,
      points: perSecond,
      duration: 1,
    });
  }

  /** @returns seconds to wait (≥ 1) when the address spent its budget, else null. */
  async blockedFor(address: string): Promise<number | null> {
    const now = Date.now();
    const until = this.#blockedUntil.get(address);
    if (until !== undefined) {
      if (until > now) return Math.max(1, Math.ceil((until - now) / 1000));
      this.#blockedUntil.delete(address);
    }
    const state = await this.#limiter.get(address);
    if (!state || state.consumedPoints < this.perSecond) return null;
    this.#block(address, now + state.msBeforeNext);
    return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  }

  /** Counts one failed authentication of the address. */
  async recordFailure(address: string): Promise<void> {
    const state = await this.#limiter.penalty(address, 1);
    if (state.consumedPoints >= this.perSecond) this.#block(address, Date.now() + state.msBeforeNext);
  }

  #block(address: string, until: number) {
    // Bounded: a spoofed-address flood cannot grow the map without limit.
    if (this.#blockedUntil.size >= 10_000) this.#blockedUntil.clear();
    this.#blockedUntil.set(address, until);
  }
}
