import { setTimeout as sleep } from "node:timers/promises";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { DashboardDeps } from "./deps.ts";
import { dashboardEnv } from "./env.ts";

/** Window of every login limit, in seconds. */
const WINDOW_SECONDS = 15 * 60;
/** Added wait of a sign-in per failure of its email beyond the threshold (from any address), in ms. */
const SLOWDOWN_STEP_MS = 250;
/** Longest added wait of one sign-in, in ms. */
const SLOWDOWN_MAX_MS = 3_000;
/** Signed-out sessions one address may start per window (a visitor with cookies reuses the one it has). */
const ANONYMOUS_SESSIONS_PER_ADDRESS = 30;

/** Seconds to wait when a limit refused, or rethrows the store's error. */
function waitOf(rejection: unknown): number {
  if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
  throw rejection;
}

/**
 * Login throttling on Redis (shared by every gateway), built so that guessing locks out the guesser, not the owner
 * (issue 21 #9: ten wrong passwords from anywhere locked the owner out for 15 minutes):
 * - every sign-in or sign-up attempt per client address (`DASHBOARD_LOGIN_ATTEMPTS_PER_ADDRESS` per 15 min);
 * - failed sign-ins per (email, address) (`DASHBOARD_LOGIN_ATTEMPTS_PER_EMAIL` per 15 min, forgotten after a success
 *   from that address): that address may not try that email again until the window ends;
 * - failed sign-ins per email from every address: beyond the same number, each further sign-in of that email waits
 *   {@link SLOWDOWN_STEP_MS} more per failure (at most {@link SLOWDOWN_MAX_MS}), which slows a distributed guesser
 *   and never refuses the owner;
 * - signed-out sessions started per address ({@link ANONYMOUS_SESSIONS_PER_ADDRESS} per 15 min; issue 21 #7).
 */
export class LoginLimiter {
  readonly #byAddress: RateLimiterRedis;
  readonly #byEmailAndAddress: RateLimiterRedis;
  readonly #byEmail: RateLimiterRedis;
  readonly #anonymousSessions: RateLimiterRedis;
  readonly #emailPoints: number;

  constructor(deps: DashboardDeps) {
    const prefix = `${deps.config.QUEUE_PREFIX}:dashboard:login`;
    const limiter = (keyPrefix: string, points: number) =>
      new RateLimiterRedis({
        storeClient: deps.redis,
        keyPrefix: `${prefix}:${keyPrefix}`,
        points,
        duration: WINDOW_SECONDS,
      });
    const env = dashboardEnv.of(deps.config);
    this.#emailPoints = env.DASHBOARD_LOGIN_ATTEMPTS_PER_EMAIL;
    this.#byAddress = limiter("address", env.DASHBOARD_LOGIN_ATTEMPTS_PER_ADDRESS);
    this.#byEmailAndAddress = limiter("email-address", this.#emailPoints);
    this.#byEmail = limiter("email", this.#emailPoints);
    this.#anonymousSessions = limiter("anonymous-session", ANONYMOUS_SESSIONS_PER_ADDRESS);
  }

  /**
   * Counts one attempt from `address` and checks the failures of `email` from it.
   * @returns null when the attempt may proceed, else the seconds to wait.
   */
  async admit(address: string, email: string): Promise<number | null> {
    try {
      await this.#byAddress.consume(address);
    } catch (rejection) {
      return waitOf(rejection);
    }
    const failures = await this.#byEmailAndAddress.get(pair(email, address));
    if (failures && failures.consumedPoints >= this.#emailPoints)
      return Math.max(1, Math.ceil(failures.msBeforeNext / 1000));
    return null;
  }

  /** Waits the email-wide slowdown (see the class comment) before a sign-in's password is checked. */
  async slowDown(email: string): Promise<void> {
    const failures = (await this.#byEmail.get(email))?.consumedPoints ?? 0;
    const excess = failures - this.#emailPoints;
    if (excess > 0) await sleep(Math.min(SLOWDOWN_MAX_MS, excess * SLOWDOWN_STEP_MS));
  }

  /** Records a failed sign-in of `email` from `address`. */
  async failed(email: string, address: string): Promise<void> {
    await Promise.all([
      this.#byEmailAndAddress.penalty(pair(email, address), 1),
      this.#byEmail.penalty(email, 1),
    ]);
  }

  /** Forgets the failures of `email` from `address` after a successful sign-in from it. */
  async succeeded(email: string, address: string): Promise<void> {
    await this.#byEmailAndAddress.delete(pair(email, address));
  }

  /**
   * Counts one signed-out session started for `address`.
   * @returns null when it may be started, else the seconds to wait.
   */
  async admitAnonymousSession(address: string): Promise<number | null> {
    try {
      await this.#anonymousSessions.consume(address);
      return null;
    } catch (rejection) {
      return waitOf(rejection);
    }
  }
}

/** The limiter key of an (email, address) pair (U+0001 occurs in neither: emails are validated first). */
function pair(email: string, address: string): string {
  return `${email}\u0001${address}`;
}
