import { Counter, type Registry, register } from "prom-client";

const NAME = "upstream_strategy_total";

/**
 * `upstream_strategy_total{platform,strategy,outcome}`: strategy runs by outcome (`success` | `failure` |
 * `skipped`), registered in prom-client's default registry (a process's `/metrics` serving it shows it); other
 * registries add it with {@link registerStrategyMetrics}.
 */
export const strategyCounter: Counter<"platform" | "strategy" | "outcome"> =
  (register.getSingleMetric(NAME) as Counter<"platform" | "strategy" | "outcome"> | undefined) ??
  new Counter({
    name: NAME,
    help: "Strategy runs against the upstream platforms by outcome (success, failure, skipped by an open circuit)",
    labelNames: ["platform", "strategy", "outcome"] as const,
    registers: [register],
  });

/** Adds the strategy counter to another registry (e.g. the gateway's own); a second call is a no-op. */
export function registerStrategyMetrics(registry: Registry): void {
  if (!registry.getSingleMetric(NAME)) registry.registerMetric(strategyCounter);
}
