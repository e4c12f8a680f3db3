import type { RedisClient } from "@sda/core";
import { isServiceError, type Logger, ServiceError } from "@sda/core";
import {
  CIRCUIT_CLASSES,
  classifyError,
  FAILURE_RELEVANCE,
  type FailureClass,
  STOPPING_CLASSES,
} from "./failure-class.ts";
import { recordHealth, SourceCircuit } from "./health.ts";
import { strategyCounter } from "./metrics.ts";
import type { Strategy, StrategyAttempt } from "./strategy.ts";

/** Default cooldown of a source circuit opened by a failure without its own `retryAfterSeconds`, seconds. */
const DEFAULT_COOLDOWN_SECONDS = 300;

interface RunChainOptions<C, T> {
  /** e.g. `videosite`; the health hash and the counter label. */
  platform: string;
  /** e.g. `transcript`; for logs and the configured order. */
  operation: string;
  /** The strategies in code order (the default order). */
  strategies: readonly Strategy<C, T>[];
  ctx: C;
  /**
   * Configured order of strategy ids (env or the identities config): only these run, in this order; unknown ids are
   * ignored; an empty or absent list (or one naming no known id) keeps the code order.
   */
  order?: readonly string[];
  /** Where health and source circuits live; without it the chain runs without either. */
  health?: { redis: RedisClient; prefix: string };
  /** Budget of the whole chain, ms: no strategy starts once it is spent. */
  budgetMs?: number;
  /** Cooldown of a source circuit after a `blocked`/`rate_limited` failure without a Retry-After, seconds. */
  cooldownSeconds?: number;
  /** The job's signal: an abort ends the chain with its reason. */
  signal?: AbortSignal;
  log?: Logger;
}

/** The answer of a chain: the value, the strategy that gave it, and every strategy tried or skipped before. */
export interface ChainResult<T> {
  value: T;
  strategy: string;
  attempts: StrategyAttempt[];
}

/** Orders the strategies by the configured ids (see {@link RunChainOptions.order}). */
export function orderStrategies<S extends { id: string }>(
  strategies: readonly S[],
  order?: readonly string[],
): S[] {
  if (!order || order.length === 0) return [...strategies];
  const byId = new Map(strategies.map((s) => [s.id, s]));
  const ordered = [...new Set(order)].flatMap((id) => byId.get(id) ?? []);
  return ordered.length > 0 ? ordered : [...strategies];
}

interface Failure {
  error: unknown;
  class: FailureClass;
}

/**
 * Runs the strategies in the configured order until one succeeds. A strategy whose source circuit is open is
 * skipped; a failure classed `not_found`/`fatal` stops the chain (the resource's truth); any other failure moves on
 * to the next strategy, and `blocked`/`rate_limited` also opens the strategy's source circuit for the error's
 * `retryAfterSeconds` (else `cooldownSeconds`). Each outcome updates the strategy's health hash
 * (`<prefix>:health:<platform>:<id>`) and `upstream_strategy_total{platform,strategy,outcome}`.
 * @returns the first success with the attempts before it.
 * @throws ServiceError the most relevant failure (stopping class — unchanged when it came from the first strategy with
 *   nothing before it —, else blocked > rate_limited > login_wall >
 *   po_token_required > transient; ties to the earlier strategy) with `details.strategies: StrategyAttempt[]`;
 *   502 `upstream_blocked` reason `circuit_open` (Retry-After = the shortest remaining cooldown) when every strategy
 *   was skipped; 502 `upstream_timeout` reason `budget_spent` when the budget ran out before any strategy ran; the
 *   signal's reason when aborted.
 */
export async function runChain<C, T>(options: RunChainOptions<C, T>): Promise<ChainResult<T>> {
  const { platform, health, signal, log } = options;
  const strategies = orderStrategies(options.strategies, options.order);
  const started = Date.now();
  const attempts: StrategyAttempt[] = [];
  let best: Failure | undefined;
  let shortestOpenMs = Number.POSITIVE_INFINITY;
  const count = (strategy: string, outcome: StrategyAttempt["outcome"]) =>
    strategyCounter.inc({ platform, strategy, outcome });

  for (const strategy of strategies) {
    signal?.throwIfAborted();
    const source = strategy.source ?? `${platform}:${strategy.id}`;
    const remainingMs = options.budgetMs === undefined ? null : options.budgetMs - (Date.now() - started);
    if (remainingMs !== null && remainingMs <= 0) {
      attempts.push({ id: strategy.id, outcome: "skipped", reason: "budget_spent" });
      count(strategy.id, "skipped");
      continue;
    }
    if (strategy.applies && !strategy.applies(options.ctx, { remainingMs, attempts: [...attempts] })) {
      attempts.push({ id: strategy.id, outcome: "skipped", reason: "not_applicable" });
      count(strategy.id, "skipped");
      continue;
    }
    const circuit = health ? new SourceCircuit(health.redis, health.prefix, source) : undefined;
    const openMs = circuit ? await circuit.remainingMs() : 0;
    if (openMs > 0) {
      shortestOpenMs = Math.min(shortestOpenMs, openMs);
      attempts.push({ id: strategy.id, outcome: "skipped", code: "circuit_open", reason: "circuit_open" });
      count(strategy.id, "skipped");
      continue;
    }
    try {
      const value = await strategy.run(options.ctx, { remainingMs, attempts: [...attempts] });
      attempts.push({ id: strategy.id, outcome: "success" });
      count(strategy.id, "success");
      if (health)
        await recordHealth(health.redis, health.prefix, {
          platform,
          strategy: strategy.id,
          source,
          outcome: "success",
          closeCircuit: true,
        });
      return { value, strategy: strategy.id, attempts };
    } catch (error) {
      if (signal?.aborted) throw signal.reason ?? error;
      const failureClass = (strategy.classify ?? classifyError)(error);
      const code = isServiceError(error) ? error.code : "error";
      const reason =
        isServiceError(error) && typeof error.details.reason === "string" ? error.details.reason : undefined;
      attempts.push({
        id: strategy.id,
        outcome: "failure",
        class: failureClass,
        code,
        ...(reason === undefined ? {} : { reason }),
      });
      count(strategy.id, "failure");
      let openUntil: number | undefined;
      if (circuit && CIRCUIT_CLASSES.has(failureClass)) {
        const retryAfter = isServiceError(error) ? error.retryAfterSeconds : undefined;
        openUntil = await circuit.open(
          retryAfter && retryAfter > 0 ? retryAfter : (options.cooldownSeconds ?? DEFAULT_COOLDOWN_SECONDS),
        );
      }
      if (health)
        await recordHealth(health.redis, health.prefix, {
          platform,
          strategy: strategy.id,
          source,
          outcome: "failure",
          error: `${failureClass}: ${code}${reason ? ` (${reason})` : ""}`,
          ...(openUntil === undefined ? {} : { openUntil }),
        });
      log?.info(
        { platform, operation: options.operation, strategy: strategy.id, class: failureClass, code, reason },
        "strategy failed",
      );
      if (!best || FAILURE_RELEVANCE[failureClass] > FAILURE_RELEVANCE[best.class])
        best = { error, class: failureClass };
      if (STOPPING_CLASSES.has(failureClass)) break;
    }
  }
  throw chainError(best, attempts, shortestOpenMs, options.operation);
}

/** The error of a chain that found no answer, with the attempts in `details.strategies`. */
function chainError(
  best: Failure | undefined,
  attempts: StrategyAttempt[],
  shortestOpenMs: number,
  operation: string,
): ServiceError {
  const strategies = attempts;
  if (!best) {
    if (Number.isFinite(shortestOpenMs))
      return new ServiceError(
        "upstream_blocked",
        `every source of ${operation} is paused after refusing the service`,
        {
          retryAfterSeconds: Math.max(1, Math.ceil(shortestOpenMs / 1000)),
          details: { reason: "circuit_open", strategies },
        },
      );
    return new ServiceError(
      "upstream_timeout",
      `the budget of ${operation} was spent before any source answered`,
      {
        details: { reason: "budget_spent", strategies },
      },
    );
  }
  const { error } = best;
  // The first strategy's answer about the resource itself (404, bad input) is answered exactly as the operation
  // documents it: nothing else was tried or skipped, so there is nothing to list.
  if (STOPPING_CLASSES.has(best.class) && attempts.length === 1 && isServiceError(error)) return error;
  if (!isServiceError(error))
    return new ServiceError("upstream_error", `${operation} failed on every source`, {
      details: { strategies },
      cause: error,
    });
  return new ServiceError(error, error.message, {
    retryable: error.retryable,
    ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }),
    details: { ...error.details, strategies },
    cause: error,
  });
}

/**
 * Records one outcome of a strategy run outside {@link runChain} (e.g. an audio source tried by the media pipeline):
 * the `upstream_strategy_total` counter and, for successes and failures, the strategy's health hash.
 * @param entry.error the failure, classified with {@link classifyError} for `lastError`.
 */
export async function recordStrategyOutcome(entry: {
  health?: { redis: RedisClient; prefix: string } | undefined;
  platform: string;
  strategy: string;
  source: string;
  outcome: StrategyAttempt["outcome"];
  error?: unknown;
}): Promise<void> {
  strategyCounter.inc({ platform: entry.platform, strategy: entry.strategy, outcome: entry.outcome });
  if (!entry.health || entry.outcome === "skipped") return;
  const { error } = entry;
  const code = isServiceError(error) ? error.code : "error";
  const reason =
    isServiceError(error) && typeof error.details.reason === "string" ? error.details.reason : undefined;
  await recordHealth(entry.health.redis, entry.health.prefix, {
    platform: entry.platform,
    strategy: entry.strategy,
    source: entry.source,
    outcome: entry.outcome,
    ...(entry.outcome === "failure"
      ? { error: `${classifyError(error)}: ${code}${reason ? ` (${reason})` : ""}` }
      : {}),
  });
}
