import { type Catalog, statusDocument } from "@sda/core";
import { Politeness } from "@sda/upstream/politeness";
import type { Router } from "express";
import express from "express";
import type { GatewayDeps } from "../deps.ts";
import { StatusCache } from "../status/status-cache.ts";
import type { ServiceRouteDoc } from "./service-docs.ts";

/** OpenAPI description of `GET /v1/status`. */
export const statusRouteDocs: ServiceRouteDoc[] = [
  {
    method: "get",
    path: "/v1/status",
    operationId: "getStatus",
    tag: "Status",
    summary:
      "Service status: per platform and operation over 15 minutes, circuits, host budgets, providers, queues, workers",
    description:
      "No key needed. Rebuilt at most every STATUS_REFRESH_MS. `status` is ok, degraded (a platform served < 90 % of " +
      "at least 5 calls, a circuit is open, or a queue has waiting jobs and no worker) or down (a store cannot be read).",
    output: statusDocument,
    responses: { "200": "the status document", "405": "method_not_allowed: only GET" },
    authenticated: false,
  },
];

/**
 * Unauthenticated probes: `/healthz` (the process answers), `/readyz` (Redis and PostgreSQL answer; used by the
 * compose healthcheck and the demo), and `GET /v1/status` (the status document, from a cache refreshed every few
 * seconds so it stays cheap under load).
 */
export function statusRouter(deps: GatewayDeps): Router {
  const router = express.Router();
  const status = new StatusCache(
    {
      registry: deps.registry,
      config: deps.config,
      redis: deps.redis,
      bridge: deps.bridge,
      stats: deps.ledger.stats,
      providers: deps.providers,
      budgets: new Politeness({
        redis: deps.redis,
        prefix: deps.config.QUEUE_PREFIX,
        platforms: "platforms" in deps.registry ? (deps.registry as Catalog).platforms : [],
      }),
    },
    deps.config.STATUS_REFRESH_MS,
    deps.log,
  );
  /** Whether Redis and PostgreSQL answer right now (the readiness probe, and a status page that cannot be built). */
  const storesAnswer = async () => {
    const checks = await Promise.allSettled([deps.redis.ping(), deps.ledger.ping()]);
    const [redis, postgres] = checks.map((c) => c.status === "fulfilled");
    return { redis: Boolean(redis), postgres: Boolean(postgres) };
  };
  router.get("/healthz", (_req, res) => {
    res.json({ ok: true });
  });
  router.get("/readyz", async (_req, res) => {
    const { redis, postgres } = await storesAnswer();
    res.status(redis && postgres ? 200 : 503).json({ ok: Boolean(redis && postgres), redis, postgres });
  });
  router.get("/v1/status", async (_req, res) => {
    try {
      res.json({ success: true, data: await status.get() });
    } catch {
      // A status page must answer when the service cannot: say which store is out instead of failing.
      const { redis, postgres } = await storesAnswer();
      res.json({
        success: true,
        data: { status: "down", generatedAt: new Date().toISOString(), redis, postgres },
      });
    }
  });
  return router;
}
