/**
 * The two load shapes of the benchmarks: a sequential loop (concurrency 1, one latency per call) and autocannon
 * (fixed concurrency for a fixed time or number of calls, latency percentiles and throughput). Loopback only.
 */
import type { IncomingHttpHeaders } from "node:http";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { median, quantile } from "./stats.ts";

/** Latencies of `calls` sequential runs of `once` after `warmup` unmeasured ones, in ms. */
/**
 * Calls made before every measured series (`BENCH_WARMUP`, default 100), baselines included: the processes' JIT and
 * connection pools settle first (with 20, a series' first hundred calls still ran slower than its last).
 */
export const WARMUP_CALLS = Number(process.env.BENCH_WARMUP ?? 100);

export async function sequential(
  once: () => Promise<void>,
  calls: number,
  warmup = WARMUP_CALLS,
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await once();
  const latencies: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t = performance.now();
    await once();
    latencies.push(performance.now() - t);
  }
  return latencies;
}

/** One sequential series summarised: p50 and p99 latency (ms). */
export function summary(latencies: readonly number[]): { p50: number; p99: number } {
  return { p50: median(latencies), p99: quantile(latencies, 0.99) };
}

/** A GET that must answer `status` (200 by default); throws otherwise, so a broken path never looks fast. */
export function getter(url: string, headers: Record<string, string> = {}, status = 200): () => Promise<void> {
  return async () => {
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.status !== status)
      throw new Error(`GET ${url} answered ${response.status}, expected ${status}`);
  };
}

/** What one autocannon run gave. */
export interface LoadResult {
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers by status code class and the non-2xx count (autocannon's). */
  non2xx: number;
  errors: number;
  timeouts: number;
  total: number;
}

/** Options of one autocannon run. */
export interface LoadOptions {
  connections: number;
  /** Seconds to run; ignored when `amount` is given. */
  durationSeconds?: number;
  /** Total number of calls. */
  amount?: number;
  headers?: Record<string, string>;
  /** Paths (with query) cycled in order by every connection. */
  paths: readonly string[];
  /** Called with every answer's status, headers and body (e.g. to add up `X-Service-Credits`). */
  onResponse?: (status: number, headers: Record<string, string | string[] | undefined>, body: string) => void;
}

/** Runs autocannon against `baseUrl` (a loopback address) and summarises it. */
export async function load(baseUrl: string, options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.durationSeconds ?? 5 }),
    timeout: 120,
    headers: options.headers ?? {},
    requests: options.paths.map((path) => ({
      method: "GET" as const,
      path,
      ...(options.onResponse
        ? {
            onResponse: (status: number, body: string, _context: object, headers?: IncomingHttpHeaders) =>
              options.onResponse?.(status, headers ?? {}, body),
          }
        : {}),
    })),
  });
  return {
    connections: options.connections,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    total: result.requests.total,
  };
}
