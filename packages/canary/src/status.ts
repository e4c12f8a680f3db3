import type { RedisClient } from "@sda/core";

/** One canary call's outcome. */
export interface CanaryResult {
  operation: string;
  params: Record<string, string>;
  ok: boolean;
  /** The `X-Service-Source` of a success (which path served it). */
  source: string | null;
  /** The error code of a failure (`upstream_blocked`, `unknown_operation`, …). */
  code: string | null;
  message: string | null;
  /** `details.strategies` of a chain failure: every strategy tried or skipped. */
  strategies: unknown[] | null;
  durationMs: number;
  /** The HAR case recorded for a failure (record mode), else null. */
  recordedCase: string | null;
}

/** One canary run, as `/v1/status` shows it (`canaries`). */
export interface CanaryRun {
  startedAt: string;
  finishedAt: string;
  passed: number;
  failed: number;
  results: CanaryResult[];
}

/** `<prefix>:canary:last`: the last canary run (JSON), kept 7 days. */
const canaryKey = (prefix: string) => `${prefix}:canary:last`;
const KEEP_SECONDS = 7 * 24 * 3600;

/** Stores a run as the last one. */
export async function writeCanaryRun(redis: RedisClient, prefix: string, run: CanaryRun): Promise<void> {
  await redis.set(canaryKey(prefix), JSON.stringify(run), "EX", KEEP_SECONDS);
}

/** The last canary run, or null when none ran (or the stored value is unreadable). */
export async function readCanaryRun(redis: RedisClient, prefix: string): Promise<CanaryRun | null> {
  const text = await redis.get(canaryKey(prefix));
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as CanaryRun;
    return Array.isArray(parsed.results) ? parsed : null;
  } catch {
    return null;
  }
}
