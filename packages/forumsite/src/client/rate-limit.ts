import { setTimeout as sleep } from "node:timers/promises";
import type { OperationContext } from "@sda/contract";
import { fail } from "../errors.ts";

/**
 * The platform's request budget per credential (the OAuth client, or the server's address for public requests). Every
 * answer states what is left of the current window (`x-ratelimit-remaining`, a decimal such as `296.0`) and when the
 * window renews (`x-ratelimit-reset`, seconds). When fewer than {@link RATE_LIMIT_RESERVE} requests are left, or the
 * platform answers 429, the credential is paused until the window renews. The pause lives in Redis, so every worker
 * process honours it; a call that meets a paused credential waits when the pause ends within
 * {@link MAX_PAUSE_WAIT_MS}, else fails at once with a retryable 502 `upstream_rate_limited` whose `Retry-After` is
 * the time left, without sending anything upstream. The platform's 403 block page (anonymous traffic from a flagged
 * address) pauses the same way, for `FORUMSITE_BLOCK_COOLDOWN_SECONDS`, and is refused as 502 `upstream_blocked`.
 */

/**
 * Requests left unused in each window. Several jobs of several workers can be in flight when an answer reports a low
 * budget; the reserve keeps them from running the credential to zero (where the platform starts answering 429).
 */
export const RATE_LIMIT_RESERVE = 10;
/** Longest pause a call sits out instead of failing, in ms. */
export const MAX_PAUSE_WAIT_MS = 3_000;

/** The pause reason of a 403 block page (see `ForumClient`): later calls are refused as `upstream_blocked`. */
export const BLOCKED_REASON = "blocked";

/** What the rate-limit functions need from an operation context. */
export type RateLimitContext = Pick<OperationContext, "store" | "signal" | "log">;

/** The store key of `credential`'s pause (`<until ms>` or `<until ms> <reason>`), shared by every worker. */
export const pauseKey = (credential: string) => `pause:${credential}`;

function header(headers: Record<string, string | string[] | undefined>, name: string): number | null {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined || first.trim() === "") return null;
  const parsed = Number(first);
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * Reads the budget headers of an answer.
 * @returns requests left and seconds until the window renews, or null when the answer has no budget headers.
 */
export function readRateLimit(
  headers: Record<string, string | string[] | undefined>,
): { remaining: number; resetSeconds: number } | null {
  const remaining = header(headers, "x-ratelimit-remaining");
  const reset = header(headers, "x-ratelimit-reset");
  if (remaining === null || reset === null) return null;
  return { remaining, resetSeconds: Math.max(0, reset) };
}

/**
 * Pauses `credential` for every worker for `seconds` (at least 1).
 * @param reason logged with the pause (`budget_low`, `http_429`).
 */
export async function pauseCredential(
  ctx: RateLimitContext,
  credential: string,
  seconds: number,
  reason: string,
): Promise<void> {
  const ms = Math.max(1, Math.ceil(seconds)) * 1000;
  // `<until ms>` or `<until ms> <reason>`: a block page's pause is answered as a block, not a spent budget.
  await ctx.store.set(pauseKey(credential), `${Date.now() + ms} ${reason}`, ms);
  // The job's logger names the operation (`op`), hence the platform.
  ctx.log.warn({ credential, seconds: ms / 1000, reason }, "upstream credential paused");
}

/** Pauses the credential when an answer reports fewer than {@link RATE_LIMIT_RESERVE} requests left. */
export async function recordRateLimit(
  ctx: RateLimitContext,
  credential: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<void> {
  const budget = readRateLimit(headers);
  if (budget && budget.remaining < RATE_LIMIT_RESERVE)
    await pauseCredential(ctx, credential, budget.resetSeconds, "budget_low");
}

/**
 * Waits out a short pause of `credential`, or refuses the call.
 * @throws ServiceError 502 `upstream_rate_limited` (retryable, `retryAfterSeconds` = time left) when the credential
 *   stays paused longer than {@link MAX_PAUSE_WAIT_MS}.
 */
export async function awaitCredential(ctx: RateLimitContext, credential: string): Promise<void> {
  const [untilText = "", reason = ""] = ((await ctx.store.get(pauseKey(credential))) ?? "").split(" ");
  const until = Number(untilText);
  const wait = untilText && Number.isFinite(until) ? until - Date.now() : 0;
  if (wait <= 0) return;
  if (reason === BLOCKED_REASON) {
    // A block page: waiting a few seconds would not help, and asking again would only prolong the block.
    const seconds = Math.ceil(wait / 1000);
    throw fail("upstream_blocked", `forumsite blocked this address; it rests for ${seconds} s`, {
      retryAfterSeconds: seconds,
      details: { reason: "credential_blocked" },
    });
  }
  if (wait > MAX_PAUSE_WAIT_MS) {
    const seconds = Math.ceil(wait / 1000);
    throw fail(
      "upstream_rate_limited",
      `forumsite: the request budget of this credential is spent; it renews in ${seconds} s`,
      { retryAfterSeconds: seconds, details: { reason: "credential_paused" } },
    );
  }
  await sleep(wait, undefined, { signal: ctx.signal });
}
