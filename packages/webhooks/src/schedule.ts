import type { WebhookConfig } from "./config.ts";
import type { AttemptResult } from "./send.ts";

/** Why a delivery ended `failed`. */
export type FailureReason = "gone" | "retries_exhausted" | "replay_failed";

/** What follows an attempt. */
export type AttemptVerdict =
  | { kind: "succeeded" }
  | { kind: "retry"; delayMs: number }
  | { kind: "failed"; reason: FailureReason };

/**
 * Judges one attempt: 2xx is success; 410 Gone ends the delivery at once (the receiver asked us to stop); anything
 * else (3xx included: redirects are not followed, 4xx, 5xx, timeouts, refused connections) is retried after the
 * schedule's next delay, or after the receiver's `Retry-After` on 429/503 (capped at `retryAfterMaxMs`). A replay is
 * one attempt, never retried.
 * @param attempt 1-based number of this attempt within the delivery's schedule.
 */
export function judgeAttempt(
  result: AttemptResult,
  attempt: number,
  config: Pick<WebhookConfig, "retryScheduleMs" | "retryAfterMaxMs">,
  replay = false,
): AttemptVerdict {
  const status = result.statusCode;
  if (status !== undefined && status >= 200 && status < 300) return { kind: "succeeded" };
  if (status === 410) return { kind: "failed", reason: "gone" };
  if (replay) return { kind: "failed", reason: "replay_failed" };
  const scheduled = config.retryScheduleMs[attempt - 1];
  if (scheduled === undefined) return { kind: "failed", reason: "retries_exhausted" };
  if ((status === 429 || status === 503) && result.retryAfterMs !== undefined)
    return { kind: "retry", delayMs: Math.min(result.retryAfterMs, config.retryAfterMaxMs) };
  return { kind: "retry", delayMs: scheduled };
}
