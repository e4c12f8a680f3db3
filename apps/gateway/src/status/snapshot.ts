import { type CanaryRun, readCanaryRun } from "@sda/canary";
import type { OperationRegistry } from "@sda/contract";
import { type RedisClient, type ServiceConfig, scanKeys } from "@sda/core";
import type { CallBridge } from "@sda/engine";
import type { LedgerStats, OperationStats } from "@sda/ledger";
import type { ProviderStatus } from "@sda/services";
import { readStrategyHealth, type StrategyHealth } from "@sda/strategy";
import type { HostBudgetUse, Politeness } from "@sda/upstream/politeness";

/** The window the status page summarises, seconds (15 minutes). */
export const STATUS_WINDOW_SECONDS = 900;
/** An operation or platform with at least this many calls in the window and fewer served is `degraded`. */
const MIN_CALLS_FOR_RATIO = 5;
const DEGRADED_BELOW = 0.9;

type Health = "ok" | "degraded" | "down";

/** One operation's last 15 minutes. `successRatio` is the share answered below 500 (null without calls). */
export interface OperationHealth {
  id: string;
  path: string;
  calls: number;
  successRatio: number | null;
  p50Ms: number | null;
  p95Ms: number | null;
  topErrorCode: string | null;
}

/** A circuit breaker as stored in Redis (`<prefix>:circuit:<name>`), e.g. the audio `blocked_rate` circuit. */
export interface CircuitHealth {
  name: string;
  state: "open" | "half-open" | "closed";
  /** ISO time the cooldown ends, while open. */
  openUntil: string | null;
  consecutiveFailures: number;
}

/** `GET /v1/status` data. */
export interface StatusDocument {
  status: Health;
  version: string;
  generatedAt: string;
  windowSeconds: number;
  platforms: Record<
    string,
    {
      status: Health;
      calls: number;
      successRatio: number | null;
      operations: OperationHealth[];
      /** Per-strategy health of the platform's strategy chains (`<prefix>:health:<platform>:<strategy>`). */
      strategies: StrategyHealth[];
    }
  >;
  circuits: CircuitHealth[];
  /**
   * Each host budget the platforms declare (rate and/or concurrency) and its use now, over all workers; a budget kept
   * per host lists its busiest hosts (`activeHosts`, at most 50) instead of totals.
   */
  hostBudgets: HostBudgetUse[];
  /** The last canary run (`npm run canary` or the repeatable job), null before the first. */
  canaries: CanaryRun | null;
  /** The speech-to-text tiers and the LLM: model, and whether each is configured (from the wiring). */
  providers: ProviderStatus;
  queues: Record<
    string,
    { waiting: number; active: number; delayed: number; failed: number; workers: number }
  >;
  /** Live worker connections over all queues (BullMQ's registered workers). */
  workers: number;
}

/** What a snapshot reads. */
export interface SnapshotSources {
  registry: OperationRegistry;
  config: ServiceConfig;
  redis: RedisClient;
  bridge: CallBridge;
  /** The request log's recent statistics (`ledger.stats`). */
  stats: Pick<LedgerStats, "recentOperationStats">;
  /** The platforms' host budgets, read from Redis (none declared: an empty list). */
  budgets?: Politeness;
  /** The providers' configuration, read once by the wiring from the composed env (`Services.providers`). */
  providers: ProviderStatus;
}

const ratio = (served: number, calls: number) =>
  calls === 0 ? null : Math.round((served / calls) * 1000) / 1000;
const unhealthy = (served: number, calls: number) =>
  calls >= MIN_CALLS_FOR_RATIO && served / calls < DEGRADED_BELOW;

/** Reads the circuit hashes under `<prefix>:circuit:` (the probe keys beside them are skipped). */
async function readCircuits(redis: RedisClient, prefix: string): Promise<CircuitHealth[]> {
  const circuits: CircuitHealth[] = [];
  for await (const keys of scanKeys(redis, `${prefix}:circuit:*`, 200)) {
    for (const key of keys) {
      if (key.endsWith(":probe")) continue;
      const fields = await redis.hgetall(key).catch(() => ({}) as Record<string, string>);
      const failures = Number(fields.blockedRateConsecutive ?? 0);
      const openUntil = Number(fields.openUntil ?? 0);
      // On a cluster the name is a hash tag (`{videosite-media}`): shown without its braces.
      const name = key.slice(`${prefix}:circuit:`.length).replace(/^\{(.*)\}$/, "$1");
      const state = failures === 0 ? "closed" : openUntil > Date.now() ? "open" : "half-open";
      circuits.push({
        name,
        state,
        openUntil: state === "open" ? new Date(openUntil).toISOString() : null,
        consecutiveFailures: failures,
      });
    }
  }
  return circuits.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Builds the status document: per platform and operation the last 15 minutes of the request log (calls, success
 * ratio, p50/p95), circuits, configured speech and LLM tiers, queue depths and live workers.
 *
 * `degraded` when a platform served fewer than 90 % of at least 5 calls, a circuit is open, or a queue holds waiting
 * jobs and no worker consumes it; `down` is answered by the route when Redis or PostgreSQL cannot be read.
 */
export async function buildStatus(sources: SnapshotSources): Promise<StatusDocument> {
  const { registry, config, redis, bridge } = sources;
  const [stats, circuits, strategies, canaries, hostBudgets] = await Promise.all([
    sources.stats.recentOperationStats(STATUS_WINDOW_SECONDS),
    readCircuits(redis, config.QUEUE_PREFIX),
    readStrategyHealth(redis, config.QUEUE_PREFIX),
    readCanaryRun(redis, config.QUEUE_PREFIX).catch(() => null),
    sources.budgets?.usage() ?? [],
  ]);
  const byOperation = new Map<string, OperationStats>(stats.map((s) => [s.operation, s]));
  const platforms: StatusDocument["platforms"] = {};
  for (const op of registry.operations) {
    const s = byOperation.get(op.id);
    platforms[op.tag] ??= {
      status: "ok",
      calls: 0,
      successRatio: null,
      operations: [],
      strategies: strategies[op.tag] ?? [],
    };
    const platform = platforms[op.tag] as StatusDocument["platforms"][string];
    platform.operations.push({
      id: op.id,
      path: op.path,
      calls: s?.calls ?? 0,
      successRatio: s ? ratio(s.served, s.calls) : null,
      p50Ms: s ? s.p50Ms : null,
      p95Ms: s ? s.p95Ms : null,
      topErrorCode: s?.topErrorCode ?? null,
    });
  }
  for (const platform of Object.values(platforms)) {
    const calls = platform.operations.reduce((n, o) => n + o.calls, 0);
    const served = platform.operations.reduce((n, o) => n + (byOperation.get(o.id)?.served ?? 0), 0);
    platform.calls = calls;
    platform.successRatio = ratio(served, calls);
    if (unhealthy(served, calls)) platform.status = "degraded";
  }

  const queues: StatusDocument["queues"] = {};
  let workers = 0;
  for (const name of registry.queues()) {
    const queue = bridge.queue(name);
    const [counts, connected] = await Promise.all([
      queue.getJobCounts("waiting", "active", "delayed", "failed"),
      queue.getWorkersCount(),
    ]);
    queues[name] = {
      waiting: counts.waiting ?? 0,
      active: counts.active ?? 0,
      delayed: counts.delayed ?? 0,
      failed: counts.failed ?? 0,
      workers: connected,
    };
    workers += connected;
  }

  const starved = Object.values(queues).some((q) => q.waiting > 0 && q.workers === 0);
  const degraded =
    starved ||
    circuits.some((c) => c.state === "open") ||
    Object.values(platforms).some((p) => p.status !== "ok");
  return {
    status: degraded ? "degraded" : "ok",
    version: "0.1.0",
    generatedAt: new Date().toISOString(),
    windowSeconds: STATUS_WINDOW_SECONDS,
    platforms,
    circuits,
    hostBudgets,
    canaries,
    providers: sources.providers,
    queues,
    workers,
  };
}
