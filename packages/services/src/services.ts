import { BatchRuntime } from "@sda/batch";
import { history as defaultHistory, registry as defaultRegistry, monitorRules } from "@sda/catalog";
import { type Catalog, CursorCodec } from "@sda/contract";
import {
  duplicateRedis,
  type ErrorCodeTable,
  type Logger,
  type RedisClient,
  type ServiceConfig,
} from "@sda/core";
import { ReleaseRetrier, ResultCache } from "@sda/engine";
import { createPrismaClient, Ledger, type PrismaClient } from "@sda/ledger";
import { MonitorCatalog } from "@sda/monitors";
import { createRedis, redisReady, redisTarget } from "@sda/queue";
import { type WebhookConfig, webhookConfigFromEnv } from "@sda/webhooks";
import { composeServiceErrorCodes, errorCodes as serviceErrorCodes } from "./error-codes.ts";
import { type ProviderStatus, providerStatus } from "./providers.ts";

/** How a process wants its shared services built. */
interface ServicesOptions {
  /** The operations this process knows (default: the catalog of every platform). */
  registry?: Catalog;
  /**
   * True for the gateway: Redis commands reject at once while Redis is down (the call answers 503) instead of
   * waiting in the offline queue, and the connection must be up before this resolves. False (default) for the
   * worker, whose BullMQ consumers need the offline queue.
   */
  failFast?: boolean;
  /** Connections of this process's PostgreSQL pool (default 10). */
  databasePoolSize?: number;
  /** Webhook settings replacing the environment's (tests: allowed hosts, plain HTTP). */
  webhookConfig?: Partial<WebhookConfig>;
}

/**
 * The wiring the gateway and the worker share, built once per process by {@link createServices}; each process then
 * adds what only it runs (the gateway its HTTP app and queue bridge, the worker its consumers and sweepers).
 */
interface Services {
  config: ServiceConfig;
  log: Logger;
  registry: Catalog;
  /**
   * The composed code table (core's, the features', the registry's platforms'): a code's status and retryability for
   * every reader of a job's error (`errorCodes` of this package; composed again for a registry of a test's own).
   */
  errorCodes: ErrorCodeTable;
  /** The process's main connection (queue producers and consumers, monitors, batches). */
  redis: RedisClient;
  /**
   * The per-call commands' connection (result cache, rate limits): a duplicate of `redis`, auto-pipelined,
   * so the commands concurrent calls send within one turn of the event loop go out in one write.
   */
  callRedis: RedisClient;
  prisma: PrismaClient;
  ledger: Ledger;
  /** This process's releases of credit holds, retried until PostgreSQL takes them. */
  releases: ReleaseRetrier;
  /** Stored results (`CACHE_TTL_SECONDS`), on `callRedis`. */
  cache: ResultCache;
  /** Signs and reads list cursors (`CURSOR_SECRET`). */
  cursors: CursorCodec;
  /** Which operations monitors may run, with their item rules and history resources. */
  monitorCatalog: MonitorCatalog;
  /** Webhook delivery settings (the environment's, with the options' overrides). */
  webhookConfig: WebhookConfig;
  /** Batches: their store, item dispatch and completion webhooks. */
  batch: BatchRuntime;
  /** The speech-to-text tiers and the LLM as configured (models, whether each is set): what `/v1/status` shows. */
  providers: ProviderStatus;
  /** Closes what this function opened (after the process has closed what it added on top). */
  close(): Promise<void>;
}

/**
 * Builds the services both processes share from the service configuration: Redis (and its pipelined duplicate),
 * Prisma with the ledger and release retrier, the result cache, the cursor codec, the monitor catalog, the webhook
 * settings and the batch runtime.
 * @throws Error when `failFast` is set and Redis cannot be reached.
 */
export async function createServices(
  config: ServiceConfig,
  log: Logger,
  options: ServicesOptions = {},
): Promise<Services> {
  const registry = options.registry ?? defaultRegistry;
  const errorCodes = options.registry ? composeServiceErrorCodes(registry.platforms) : serviceErrorCodes;
  const redis = createRedis(redisTarget(config), { failFast: options.failFast ?? false });
  if (options.failFast) await redisReady(redis);
  // Not BullMQ's connection: its own commands keep the plain one.
  const callRedis = duplicateRedis(redis, { enableAutoPipelining: true });
  callRedis.on("error", () => undefined);
  if (options.failFast) await redisReady(callRedis);
  const prisma = createPrismaClient(config.DATABASE_URL, options.databasePoolSize ?? 10);
  const ledger = new Ledger(prisma);
  const releases = new ReleaseRetrier(ledger, log);
  const webhookConfig = webhookConfigFromEnv(config, options.webhookConfig);
  const batch = new BatchRuntime({
    prisma,
    connection: redis,
    registry,
    errorCodes,
    config,
    log,
    webhookConfig,
  });
  return {
    config,
    log,
    registry,
    errorCodes,
    redis,
    callRedis,
    prisma,
    ledger,
    releases,
    cache: new ResultCache(callRedis, config.QUEUE_PREFIX, config.CACHE_TTL_SECONDS),
    cursors: new CursorCodec(config.CURSOR_SECRET),
    monitorCatalog: new MonitorCatalog(registry, monitorRules, defaultHistory),
    webhookConfig,
    batch,
    providers: providerStatus(config),
    async close() {
      await batch.close();
      await releases.close();
      await prisma.$disconnect();
      callRedis.disconnect();
      redis.disconnect();
    },
  };
}
