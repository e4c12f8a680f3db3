import { isOperatorBearer, ServiceError } from "@sda/core";
import type { KeyCache, RequestLogWriter } from "@sda/ledger";
import { registerStrategyMetrics } from "@sda/strategy";
import type { RequestHandler } from "express";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { locals } from "./respond.ts";

/**
 * Prometheus metrics of the gateway: process defaults, call latency by route and status, refused authentications,
 * request-log rows, key-cache lookups, and `upstream_strategy_total` (strategy chain
 * outcomes of chains run in this process).
 */
export interface GatewayMetrics {
  registry: Registry;
  /** Refused authentications by reason (`missing`, `invalid`, `revoked`, `rate_limited`); they write no log row. */
  authRejected: Counter<"reason">;
  observe: RequestHandler;
  serve: RequestHandler;
}

/**
 * Creates the metrics of one gateway app.
 * @param token operator token of `GET /metrics` (`Authorization: Bearer <token>`); `serve` answers 401
 *   `invalid_api_key` without it.
 * @param sources the request-log writer and key cache whose counters are reported at each scrape.
 */
export function createMetrics(
  token: string | undefined,
  sources: { requestLog?: RequestLogWriter; keys?: KeyCache } = {},
): GatewayMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const { requestLog, keys } = sources;
  if (requestLog)
    new Gauge({
      name: "sda_gateway_request_log_rows",
      help: "Request-log rows of this gateway by state: pending (buffered), written, dropped (buffer full or refused)",
      labelNames: ["state"],
      registers: [registry],
      collect() {
        this.set({ state: "pending" }, requestLog.pending);
        this.set({ state: "written" }, requestLog.stats.written);
        this.set({ state: "dropped" }, requestLog.stats.dropped);
      },
    });
  if (keys)
    new Gauge({
      name: "sda_gateway_key_lookups",
      help: "API key lookups of this gateway since start: hit (in-process cache) or miss (PostgreSQL)",
      labelNames: ["result"],
      registers: [registry],
      collect() {
        this.set({ result: "hit" }, keys.stats.hits);
        this.set({ result: "miss" }, keys.stats.misses);
      },
    });
  const calls = new Histogram({
    name: "sda_gateway_call_seconds",
    help: "Latency of answered API calls",
    labelNames: ["route", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 110],
    registers: [registry],
  });
  // Strategy outcomes are counted where chains run (workers); in a process that also serves /metrics they show here.
  registerStrategyMetrics(registry);
  const authRejected = new Counter({
    name: "sda_gateway_auth_rejected_total",
    help: "Requests refused before or by authentication (no request-log row is written for them)",
    labelNames: ["reason"],
    registers: [registry],
  });
  const observe: RequestHandler = (req, res, next) => {
    const end = calls.startTimer();
    res.on("finish", () =>
      end({ route: locals(res).route ?? req.route?.path ?? "unmatched", status: String(res.statusCode) }),
    );
    next();
  };
  const serve: RequestHandler = async (req, res) => {
    if (!isOperatorBearer(req.get("authorization"), token))
      throw new ServiceError(
        "invalid_api_key",
        "GET /metrics needs the operator token (METRICS_TOKEN) as Bearer",
      );
    res.set("Content-Type", registry.contentType).send(await registry.metrics());
  };
  return { registry, authRejected, observe, serve };
}
