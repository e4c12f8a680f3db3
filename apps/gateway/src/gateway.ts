import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { BatchService } from "@sda/batch";
import type { Catalog } from "@sda/contract";
import type { Logger } from "@sda/core";
import { createCallBridge } from "@sda/engine";
import { HistoryStore } from "@sda/history";
import { KeyCache, KeyUseRecorder, RequestLogWriter } from "@sda/ledger";
import { MonitorService } from "@sda/monitors";
import { createServices } from "@sda/services";
import { createGatewayApp } from "./app.ts";
import { BalanceReader } from "./balances.ts";
import { answerClientErrors } from "./client-error.ts";
import type { GatewayDeps } from "./deps.ts";
import type { GatewayConfig } from "./env.ts";

/** A running gateway: its base URL, its deps (for tests), and a graceful `close`. */
export interface RunningGateway {
  url: string;
  deps: GatewayDeps;
  close(): Promise<void>;
}

/**
 * Wires and starts the gateway: the shared services (`createServices`), then what only the gateway runs — the API key
 * cache and its last-use recorder, the request-log writer, History's store (on the services' one PrismaClient), the
 * queue bridge (queues of every registered operation), monitors' and batches' HTTP services, and the app.
 * @param port 0 for a free port (tests).
 */
export async function startGateway(
  config: GatewayConfig,
  log: Logger,
  options: { port?: number; host?: string; registry?: Catalog } = {},
): Promise<RunningGateway> {
  const services = await createServices(config, log, {
    failFast: true,
    databasePoolSize: 20,
    ...(options.registry ? { registry: options.registry } : {}),
  });
  const { registry, redis, callRedis, prisma, ledger } = services;
  const keys = new KeyCache(ledger, redis, { prefix: config.QUEUE_PREFIX, ttlMs: config.KEY_CACHE_TTL_MS });
  await keys.start();
  const keyUse = new KeyUseRecorder(ledger.keys, { log });
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
    catalog: services.monitorCatalog,
    webhookConfig: services.webhookConfig,
    cursors: services.cursors,
    log,
  });
  const deps: GatewayDeps = {
    config,
    log,
    registry,
    errorCodes: services.errorCodes,
    monitors,
    ledger,
    bridge,
    releases: services.releases,
    cache: services.cache,
    redis,
    callRedis,
    balances: new BalanceReader(ledger.accounts),
    keys,
    keyUse,
    requestLog,
    batches: new BatchService(services.batch, ledger, services.cursors),
    history: new HistoryStore(prisma),
    providers: services.providers,
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
      // Stop accepting, let in-flight calls finish (they wait on their jobs), write every buffered request-log row and
      // key use, then release connections.
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await requestLog.close();
      await keyUse.close();
      await keys.close();
      await bridge.close();
      await monitors.close();
      await services.close();
    },
  };
}
