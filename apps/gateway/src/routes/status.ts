import type { Catalog } from "@sda/contract";
import { Politeness } from "@sda/upstream/politeness";
import type { Router } from "express";
import express from "express";
import type { GatewayDeps } from "../deps.ts";
import { statusDocument } from "../status/document.ts";
import { StatusCache } from "../status/status-cache.ts";
import { defineRoute, type ServiceRoute } from "./define-route.ts";

/**
 * `GET /v1/status` (no key): the status document, from a cache refreshed every few seconds so it stays cheap under
 * load; when it cannot be built, a `down` document naming the store that is out.
 */
export const statusRoutes: readonly ServiceRoute[] = [
  defineRoute({
    method: "get",
    path: "/v1/status",
    operationId: "getStatus",
    operation: "status.get",
    tag: "Status",
    summary:
      "Service status: per platform and operation over 15 minutes, circuits, host budgets, providers, queues, workers",
    description:
      "No key needed. Rebuilt at most every STATUS_REFRESH_MS. `status` is ok, degraded (a platform served < 90 % of " +
      "at least 5 calls, a circuit is open, or a queue has waiting jobs and no worker) or down (a store cannot be read).",
    output: statusDocument,
    responses: { "200": "the status document", "405": "method_not_allowed: only GET" },
    authenticated: false,
    handler: (deps) => {
      const status = statusCache(deps);
      return async () => {
        try {
          return { data: await status.get(), source: "status" };
        } catch {
          // A status page must answer when the service cannot: say which store is out instead of failing.
          const { redis, postgres } = await storesAnswer(deps);
          return {
            data: { status: "down", generatedAt: new Date().toISOString(), redis, postgres },
            source: "status",
          };
        }
      };
    },
  }),
];

/** Whether Redis and PostgreSQL answer right now (the readiness probe, and a status page that cannot be built). */
async function storesAnswer(deps: GatewayDeps) {
  const checks = await Promise.allSettled([deps.redis.ping(), deps.ledger.ping()]);
  const [redis, postgres] = checks.map((c) => c.status === "fulfilled");
  return { redis: Boolean(redis), postgres: Boolean(postgres) };
}

/** The status document's cache, rebuilt at most every STATUS_REFRESH_MS. */
function statusCache(deps: GatewayDeps): StatusCache {
  return new StatusCache(
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
}

/**
 * Unauthenticated probes: `/healthz` (the process answers) and `/readyz` (Redis and PostgreSQL answer; used by the
 * compose healthcheck and the demo).
 */
export function probesRouter(deps: GatewayDeps): Router {
  const router = express.Router();
  router.get("/healthz", (_req, res) => {
    res.json({ ok: true });
  });
  router.get("/readyz", async (_req, res) => {
    const { redis, postgres } = await storesAnswer(deps);
    res.status(redis && postgres ? 200 : 503).json({ ok: Boolean(redis && postgres), redis, postgres });
  });
  return router;
}
