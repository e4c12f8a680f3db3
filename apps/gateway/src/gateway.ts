import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { BatchRuntime, BatchService } from "@sda/batch";
import { history as defaultHistory, registry as defaultRegistry, monitorRules } from "@sda/catalog";
import { CursorCodec, type Logger, type OperationRegistry, type ServiceConfig } from "@sda/core";
import { createCallBridge, HoldWords, ReleaseRetrier, ResultCache, SpeculationBudget } from "@sda/engine";
import { createPrismaClient, KeyCache, Ledger, RequestLogWriter } from "@sda/ledger";
import { MonitorCatalog, MonitorService } from "@sda/monitors";
import { createRedis, redisReady } from "@sda/queue";
import { webhookConfigFromEnv } from "@sda/webhooks";
import { createGatewayApp } from "./app.ts";
import { BalanceReader } from "./balances.ts";
import { answerClientErrors } from "./client-error.ts";
import type { GatewayDeps } from "./deps.ts";

/** A running gateway: its base URL, its deps (for tests), and a graceful `close`. */
export interface RunningGateway {
  url: string;
  deps: GatewayDeps;
  close(): Promise<void>;
}

/**
 * Wires and starts the gateway: Redis, the queue bridge (queues of every registered operation), Prisma, the app.
 * @param port 0 for a free port (tests).
 */
export async function startGateway(
  config: ServiceConfig,
  log: Logger,
  options: { port?: number; host?: string; registry?: OperationRegistry } = {},
): Promise<RunningGateway> {
  const registry = options.registry ?? defaultRegistry;
  const redis = createRedis(config.REDIS_URL, { failFast: true });
  await redisReady(redis);
  // Not the queue bridge's connection: BullMQ's own commands keep their plain one.
  const callRedis = redis.duplicate({ enableAutoPipelining: true });
  callRedis.on("error", () => undefined);
  await redisReady(callRedis);
  const prisma = createPrismaClient(config.DATABASE_URL, 20);
  const ledger = new Ledger(prisma);
  const keys = new KeyCache(ledger, redis, { prefix: config.QUEUE_PREFIX, ttlMs: config.KEY_CACHE_TTL_MS });
  await keys.start();
  const requestLog = new RequestLogWriter(prisma, {
    flushMs: config.REQUEST_LOG_FLUSH_MS,
    batchSize: config.REQUEST_LOG_BATCH_SIZE,
    maxBuffer: config.REQUEST_LOG_MAX_BUFFER,
    log,
  });
  const bridge = createCallBridge({
    connection: redis,
    prefix: config.QUEUE_PREFIX,
    queues: registry.queues(),
    resultTtlSeconds: config.RESULT_TTL_SECONDS,
    attempts: config.JOB_ATTEMPTS,
  });
  await bridge.start();
  const monitors = new MonitorService({
    prisma,
    connection: redis,
    config,
    catalog: new MonitorCatalog(registry, monitorRules, defaultHistory),
    webhookConfig: webhookConfigFromEnv(config),
    cursors: new CursorCodec(config.CURSOR_SECRET),
    log,
  });
  const batchRuntime = new BatchRuntime({ prisma, connection: redis, registry, config, log });
  const deps: GatewayDeps = {
    config,
    log,
    registry,
    monitors,
    ledger,
    bridge,
    releases: new ReleaseRetrier(ledger, log),
    cache: new ResultCache(callRedis, config.QUEUE_PREFIX, config.CACHE_TTL_SECONDS),
    redis,
    callRedis,
    balances: new BalanceReader(prisma),
    speculation: config.SPECULATIVE_ENQUEUE ? new SpeculationBudget() : null,
    holdWords: new HoldWords(callRedis, config.QUEUE_PREFIX),
    keys,
    requestLog,
    batches: new BatchService(batchRuntime, ledger, new CursorCodec(config.CURSOR_SECRET)),
  };
  const app = createGatewayApp(deps);
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(options.port ?? config.PORT, options.host ?? config.HOST, (error?: Error) =>
      error ? reject(error) : resolve(s),
    );
  });
  answerClientErrors(server, log);
  // Long calls wait up to the request deadline: keep sockets open past it.
  server.requestTimeout = config.REQUEST_DEADLINE_MS + 15_000;
  server.headersTimeout = 30_000;
  server.keepAliveTimeout = 65_000;
  const address = server.address() as AddressInfo;
  const host = address.address === "0.0.0.0" || address.address === "::" ? "127.0.0.1" : address.address;
  return {
    url: `http://${host}:${address.port}`,
    deps,
    async close() {
      // Stop accepting, let in-flight calls finish (they wait on their jobs), write every buffered request-log row,
      // then release connections.
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await requestLog.close();
      await deps.releases.close();
      await keys.close();
      await bridge.close();
      await monitors.close();
      await batchRuntime.close();
      await prisma.$disconnect();
      callRedis.disconnect();
      redis.disconnect();
    },
  };
}
