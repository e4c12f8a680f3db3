import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { isOperatorBearer, type Logger } from "@sda/core";
import { registerStrategyMetrics } from "@sda/strategy";
import type { Worker } from "bullmq";
import { Counter, collectDefaultMetrics, Registry } from "prom-client";

/** A worker process's Prometheus endpoint; `port` is the bound port (useful with `WORKER_METRICS_PORT=0`). */
export interface WorkerMetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Serves this worker process's Prometheus metrics at `GET /metrics` on `port` (all interfaces): process defaults,
 * `sda_worker_jobs_total{queue, outcome}` (jobs completed or failed by this process) and `upstream_strategy_total`
 * (the strategy chains run here: workers are where chains run). Answered only to `Authorization: Bearer <token>`
 * (`METRICS_TOKEN`), 401 otherwise and 404 for any other path; the same rule as the gateway's `/metrics`.
 * @param token the operator token; unset: every scrape is refused.
 * @throws the listen error (port taken) while starting.
 */
export async function startWorkerMetrics(
  port: number,
  token: string | undefined,
  workers: readonly Worker[],
  log: Logger,
): Promise<WorkerMetricsServer> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerStrategyMetrics(registry);
  const jobs = new Counter({
    name: "sda_worker_jobs_total",
    help: "Queue jobs finished by this worker process, by queue and outcome (completed, failed)",
    labelNames: ["queue", "outcome"],
    registers: [registry],
  });
  for (const worker of workers) {
    worker.on("completed", () => jobs.inc({ queue: worker.name, outcome: "completed" }));
    worker.on("failed", () => jobs.inc({ queue: worker.name, outcome: "failed" }));
  }
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (req.method !== "GET" || path !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    if (!isOperatorBearer(req.headers.authorization, token)) {
      res.writeHead(401, { "content-type": "text/plain" }).end("GET /metrics needs the operator token\n");
      return;
    }
    registry
      .metrics()
      .then((body) => res.writeHead(200, { "content-type": registry.contentType }).end(body))
      .catch((error: unknown) => {
        log.warn({ err: error }, "worker metrics failed");
        res.writeHead(500).end();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
