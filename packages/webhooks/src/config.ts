import type { LookupFunction } from "node:net";
import type { ServiceConfig } from "@sda/core";
import { normalizeHost } from "@sda/netguard";
import { webhooksEnv } from "./env.ts";

/**
 * Delay before each retry, in ms: attempt 1 is immediate, attempt n+1 waits `RETRY_SCHEDULE_MS[n-1]` after attempt n
 * fails, so 8 attempts over ~27.6 h (the Standard Webhooks / Svix schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).
 */
export const RETRY_SCHEDULE_MS: readonly number[] = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

/** Largest response body excerpt stored per attempt, in bytes. */
export const RESPONSE_EXCERPT_BYTES = 1024;

/** Everything the webhook package needs to know; build it with {@link webhookConfigFromEnv}. */
export interface WebhookConfig {
  /** Budget of one attempt (connect, request, response headers and the body excerpt), in ms. */
  timeoutMs: number;
  /** Delays between attempts, in ms (default {@link RETRY_SCHEDULE_MS}; tests inject a short one). */
  retryScheduleMs: readonly number[];
  /** Upper bound of a receiver's `Retry-After` on 429/503, in ms. */
  retryAfterMaxMs: number;
  /** Accept `http://` URLs (`WEBHOOK_ALLOW_HTTP`). */
  allowHttp: boolean;
  /** Lower-case host names / IP literals exempt from the address checks (`WEBHOOK_ALLOWED_HOSTS`). */
  allowedHosts: readonly string[];
  /** Jobs in flight per worker process. */
  concurrency: number;
  /** How long finished BullMQ jobs of the `webhooks` queue stay in Redis, in seconds (dedupes a re-added job id). */
  jobRetentionSeconds: number;
  /**
   * DNS lookup used at submit time and at connect time (`dns.lookup` when unset); tests inject one to play a host
   * that resolves to a private address without touching real DNS.
   */
  lookup?: LookupFunction;
}

/**
 * The webhook settings of the process environment (`WEBHOOK_*` variables) with the production retry schedule.
 * @param overrides e.g. `{ retryScheduleMs: [10, 10] }` in tests.
 */
export function webhookConfigFromEnv(
  config: ServiceConfig,
  overrides: Partial<WebhookConfig> = {},
): WebhookConfig {
  const env = webhooksEnv.of(config);
  return {
    timeoutMs: env.WEBHOOK_TIMEOUT_MS,
    retryScheduleMs: RETRY_SCHEDULE_MS,
    retryAfterMaxMs: env.WEBHOOK_RETRY_AFTER_MAX_SECONDS * 1000,
    allowHttp: env.WEBHOOK_ALLOW_HTTP,
    allowedHosts: env.WEBHOOK_ALLOWED_HOSTS.split(",").map(normalizeHost).filter(Boolean),
    concurrency: env.WEBHOOK_CONCURRENCY,
    jobRetentionSeconds: 86_400,
    ...overrides,
  };
}
