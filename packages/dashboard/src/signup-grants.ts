import { SIGNUP_GRANT } from "@sda/ledger";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { DashboardDeps } from "./deps.ts";
import { dashboardEnv } from "./env.ts";

/** Window of the sign-up grant cap, in seconds (24 h). */
const WINDOW_SECONDS = 24 * 3600;

/**
 * The free credits of dashboard sign-ups, capped per client address (issue 34 #6: 50 accounts and 5,000 free credits
 * per address every 15 minutes). rate-limiter-flexible on Redis, shared by every gateway: the first
 * `DASHBOARD_SIGNUP_GRANTS_PER_ADDRESS` sign-ups of an address in 24 h get the {@link SIGNUP_GRANT}; later ones still
 * create their account, with 0 credits (a person behind a shared address can still sign up and buy credits; a farm of
 * accounts gets nothing free). A grant whose sign-up then fails (email taken) is given back.
 */
export class SignupGrants {
  readonly #limiter: RateLimiterRedis | null;

  constructor(deps: DashboardDeps) {
    const points = dashboardEnv.of(deps.config).DASHBOARD_SIGNUP_GRANTS_PER_ADDRESS;
    this.#limiter =
      points > 0
        ? new RateLimiterRedis({
            storeClient: deps.redis,
            keyPrefix: `${deps.config.QUEUE_PREFIX}:dashboard:signup-grant`,
            points,
            duration: WINDOW_SECONDS,
          })
        : null;
  }

  /**
   * Takes one grant of `address`'s window. @returns the credits the new account gets ({@link SIGNUP_GRANT}, or 0 once
   * the address's grants are spent). @throws the store's error when Redis is unreachable.
   */
  async take(address: string): Promise<number> {
    if (!this.#limiter) return 0;
    try {
      await this.#limiter.consume(address);
      return SIGNUP_GRANT;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return 0;
      throw rejection;
    }
  }

  /** Gives a grant taken by {@link take} back (its sign-up did not create an account). Never throws. */
  async giveBack(address: string, credits: number): Promise<void> {
    if (credits > 0) await this.#limiter?.reward(address, 1).catch(() => undefined);
  }
}
