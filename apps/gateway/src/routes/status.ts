import type { Router } from "express";
import express from "express";
import type { GatewayDeps } from "../deps.ts";

/**
 * Unauthenticated probes: `/healthz` (the process answers), `/readyz` (Redis and PostgreSQL answer; used by the
 * compose healthcheck and the demo), and `GET /v1/status` (service status with queue depths).
 */
export function statusRouter(deps: GatewayDeps): Router {
  const router = express.Router();
  router.get("/healthz", (_req, res) => {
    res.json({ ok: true });
  });
  router.get("/readyz", async (_req, res) => {
    const checks = await Promise.allSettled([deps.redis.ping(), deps.ledger.prisma.$queryRaw`SELECT 1`]);
    const [redis, postgres] = checks.map((c) => c.status === "fulfilled");
    res.status(redis && postgres ? 200 : 503).json({ ok: Boolean(redis && postgres), redis, postgres });
  });
  router.get("/v1/status", async (_req, res) => {
    const queues: Record<string, Record<string, number>> = {};
    for (const name of deps.registry.queues())
      queues[name] = await deps.bridge.queue(name).getJobCounts("waiting", "active", "delayed", "failed");
    res.json({
      success: true,
      data: { status: "ok", version: "0.1.0", operations: deps.registry.operations.length, queues },
    });
  });
  return router;
}
