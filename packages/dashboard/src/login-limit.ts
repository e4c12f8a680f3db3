import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { DashboardDeps } from "./deps.ts";

/** Window of both login limits, in seconds. */
const WINDOW_SECONDS = 15 * 60;

/**
 * Login throttling on Redis (shared by every gateway): failed sign-ins per email address
 * (`DASHBOARD_LOGIN_ATTEMPTS_PER_EMAIL` per 15 min, reset by a successful sign-in) and every sign-in or sign-up
 * attempt per client address (`DASHBOARD_LOGIN_ATTEMPTS_PER_ADDRESS` per 15 min).
 */
export class LoginLimiter {
  readonly #byEmail: RateLimiterRedis;
  readonly #byAddress: RateLimiterRedis;
  readonly #emailPoints: number;

  constructor(deps: DashboardDeps) {
    const prefix = `${deps.config.QUEUE_PREFIX}:dashboard:login`;
    this.#emailPoints = deps.config.DASHBOARD_LOGIN_ATTEMPTS_PER_EMAIL;
    this.#byEmail = new RateLimiterRedis({
      storeClient: deps.redis,
      keyPrefix: `${prefix}:email`,
      points: this.#emailPoints,
      duration: WINDOW_SECONDS,
    });
    this.#byAddress = new RateLimiterRedis({
      storeClient: deps.redis,
      keyPrefix: `${prefix}:address`,
      points: deps.config.DASHBOARD_LOGIN_ATTEMPTS_PER_ADDRESS,
      duration: WINDOW_SECONDS,
    });
  }

  /**
   * Counts one attempt from `address` and checks the email's failures.
   * @returns null when the attempt may proceed, else the seconds to wait.
   */
  async admit(address: string, email: string): Promise<number | null> {
    try {
      await this.#byAddress.consume(address);
    } catch (error) {
      if (error instanceof RateLimiterRes) return Math.ceil(error.msBeforeNext / 1000);
      throw error;
    }
    const failures = await this.#byEmail.get(email);
    if (failures && failures.consumedPoints >= this.#emailPoints)
      return Math.ceil(failures.msBeforeNext / 1000);
    return null;
  }

  /** Records a failed sign-in for `email`. */
  async failed(email: string): Promise<void> {
    await this.#byEmail.penalty(email, 1);
  }

  /** Forgets the failures of `email` after a successful sign-in. */
  async succeeded(email: string): Promise<void> {
    await this.#byEmail.delete(email);
  }
}
