import { fail } from "../errors.ts";

/**
 * Each instance's own rate limit, per process: Mastodon sends `X-RateLimit-Limit`, `X-RateLimit-Remaining` and
 * `X-RateLimit-Reset` (an ISO time) on every answer (300 requests per 5 minutes per address by default) and 429 past
 * it. An instance whose budget is spent (remaining 0, or a 429) is not asked again before its reset, and only that
 * instance: the others keep their own budgets, so a limited instance never slows them.
 */

/** The longest rest taken from an instance's headers (its window is 5 minutes; a far reset is a wrong clock). */
const MAX_REST_MS = 5 * 60_000;
/** Resting instances kept at most (callers name any number of instances; the oldest rest is dropped first). */
const MAX_RESTING = 1000;
/** The rest after a 429 without a usable reset or `Retry-After`. */
const DEFAULT_REST_MS = 60_000;

type Headers = Record<string, string | string[] | undefined>;

const header = (headers: Headers, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Per-host rest times of one process (epoch ms until which a host is not asked). */
export class InstanceRateLimits {
  readonly #restUntil = new Map<string, number>();

  /**
   * Refuses a request to a host that is resting.
   * @throws ServiceError 502 `upstream_rate_limited` (retryable) with `Retry-After` = the seconds left.
   */
  assertAvailable(host: string, now: number): void {
    const until = this.#restUntil.get(host);
    if (until === undefined) return;
    if (until <= now) {
      this.#restUntil.delete(host);
      return;
    }
    throw fail("upstream_rate_limited", `fedisite: instance ${host} is rate limiting; try later`, {
      details: { instance: host },
      retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)),
    });
  }

  /**
   * Reads an answer's rate-limit headers: a spent budget (remaining 0) or a 429 makes the host rest until its reset.
   * @param status the answer's HTTP status.
   */
  observe(host: string, status: number, headers: Headers, now: number): void {
    const remaining = Number(header(headers, "x-ratelimit-remaining"));
    if (status !== 429 && !(Number.isFinite(remaining) && remaining <= 0)) return;
    const reset = Date.parse(header(headers, "x-ratelimit-reset") ?? "");
    const retryAfter = Number(header(headers, "retry-after"));
    const rest = Number.isFinite(reset)
      ? reset - now
      : Number.isFinite(retryAfter)
        ? retryAfter * 1000
        : DEFAULT_REST_MS;
    if (rest <= 0 && status !== 429) return;
    if (this.#restUntil.size >= MAX_RESTING)
      this.#restUntil.delete(this.#restUntil.keys().next().value ?? "");
    this.#restUntil.set(host, now + Math.min(MAX_REST_MS, Math.max(rest, status === 429 ? 1000 : 0)));
  }
}

/** The process's rate limits of every instance (shared by all fedisite calls of this worker). */
export const instanceRateLimits = new InstanceRateLimits();
