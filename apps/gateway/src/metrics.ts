import { registerStrategyMetrics } from "@sda/strategy";
import type { RequestHandler } from "express";
import { collectDefaultMetrics, Histogram, Registry } from "prom-client";

/**
 * Prometheus metrics of the gateway: process defaults, call latency by operation and status, and
 * `upstream_strategy_total` (strategy chain outcomes of chains run in this process).
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const calls = new Histogram({
    name: "sda_gateway_call_seconds",
    help: "Latency of answered API calls",
    labelNames: ["route", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 110],
    registers: [registry],
  });
  // Strategy outcomes are counted where chains run (workers); in a process that also serves /metrics they show here.
  registerStrategyMetrics(registry);
  const observe: RequestHandler = (req, res, next) => {
    const end = calls.startTimer();
    res.on("finish", () => end({ route: req.route?.path ?? "unmatched", status: String(res.statusCode) }));
    next();
  };
  const serve: RequestHandler = async (_req, res) => {
    res.set("Content-Type", registry.contentType).send(await registry.metrics());
  };
  return { registry, observe, serve };
}
