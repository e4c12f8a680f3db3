import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { BatchRuntime, BatchService } from "@sda/batch";
import { registry as defaultRegistry } from "@sda/catalog";
import { CursorCodec, type Logger, type OperationRegistry, type ServiceConfig } from "@sda/core";
import { ResultCache } from "@sda/engine";
import { createPrismaClient, Ledger } from "@sda/ledger";
import { createRedis, QueueBridge } from "@sda/queue";
import { createGatewayApp } from "./app.ts";
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
  const redis = createRedis(config.REDIS_URL);
  const prisma = createPrismaClient(config.DATABASE_URL, 20);
  const bridge = new QueueBridge({
    connection: redis,
    prefix: config.QUEUE_PREFIX,
    queues: registry.queues(),
    resultTtlSeconds: config.RESULT_TTL_SECONDS,
    attempts: config.JOB_ATTEMPTS,
  });
  await bridge.start();
  const ledger = new Ledger(prisma);
  const batchRuntime = new BatchRuntime({ prisma, connection: redis, registry, config, log });
  const deps: GatewayDeps = {
    config,
    log,
    registry,
    ledger,
    bridge,
    cache: new ResultCache(redis, config.QUEUE_PREFIX, config.CACHE_TTL_SECONDS),
    redis,
    batches: new BatchService(batchRuntime, ledger, new CursorCodec(config.CURSOR_SECRET)),
  };
  const app = createGatewayApp(deps);
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(options.port ?? config.PORT, options.host ?? config.HOST, (error?: Error) =>
      error ? reject(error) : resolve(s),
    );
  });
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
      // Stop accepting, let in-flight calls finish (they wait on their jobs), then release connections.
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await bridge.close();
      await batchRuntime.close();
      await prisma.$disconnect();
      redis.disconnect();
    },
  };
}
