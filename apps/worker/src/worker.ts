import { BatchItemRunner, BatchRuntime, startBatchSweeper } from "@sda/batch";
import { registry as defaultRegistry } from "@sda/catalog";
import {
  CursorCodec,
  type Logger,
  type OperationRegistry,
  QUEUE_NAMES,
  type QueueName,
  type ServiceConfig,
} from "@sda/core";
import {
  type EngineDeps,
  executeJob,
  ResultCache,
  startReservationSweeper,
  UnknownOperationError,
} from "@sda/engine";
import { createPrismaClient, Ledger } from "@sda/ledger";
import { createQueueWorker, createRedis } from "@sda/queue";
import { createHttpClient, originsFromConfig } from "@sda/upstream";
import {
  startWebhookWorker,
  type WebhookConfig,
  type WebhookHooks,
  type WebhookOwner,
  webhookConfigFromEnv,
} from "@sda/webhooks";
import { UnrecoverableError, type Worker } from "bullmq";

/** A running worker process's consumers, with a graceful `close`. */
export interface RunningWorkers {
  queues: QueueName[];
  workers: Worker[];
  /**
   * Stops taking jobs and waits up to `graceMs` for the active ones to finish; jobs still running after that are
   * released (their lock lapses and another worker re-runs them; the charge is keyed by request id, so never twice).
   */
  close(graceMs?: number): Promise<void>;
}

/** The queues this process consumes: WORKER_QUEUES, or every queue some operation uses. */
export function workerQueues(config: ServiceConfig, registry: OperationRegistry): QueueName[] {
  const used = registry.queues();
  if (!config.WORKER_QUEUES.trim()) return used;
  const wanted = config.WORKER_QUEUES.split(",")
    .map((q) => q.trim())
    .filter(Boolean);
  for (const q of wanted)
    if (!(QUEUE_NAMES as readonly string[]).includes(q))
      throw new Error(`WORKER_QUEUES names an unknown queue "${q}" (known: ${QUEUE_NAMES.join(", ")})`);
  return wanted as QueueName[];
}

/**
 * Starts one BullMQ worker per queue of this process's role, all running calls through {@link executeJob} (batch
 * items through the batch runner, which uses the same engine), plus the batch sweeper and the webhook worker.
 * @param options.webhookConfig webhook settings (default: from `config`; tests shorten the retry schedule).
 */
export async function startWorkers(
  config: ServiceConfig,
  log: Logger,
  options: { registry?: OperationRegistry; webhookConfig?: WebhookConfig } = {},
): Promise<RunningWorkers> {
  const registry = options.registry ?? defaultRegistry;
  const queues = workerQueues(config, registry);
  const redis = createRedis(config.REDIS_URL);
  const prisma = createPrismaClient(config.DATABASE_URL, 10);
  const http = createHttpClient({
    origins: originsFromConfig(config),
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    userAgent: config.UPSTREAM_USER_AGENT,
    log,
  });
  const deps: EngineDeps = {
    registry,
    ledger: new Ledger(prisma),
    cache: new ResultCache(redis, config.QUEUE_PREFIX, config.CACHE_TTL_SECONDS),
    http,
    redis,
    keyPrefix: config.QUEUE_PREFIX,
    cursors: new CursorCodec(config.CURSOR_SECRET),
    config,
    log,
  };
  const webhookConfig = options.webhookConfig ?? webhookConfigFromEnv(config);
  const batch = new BatchRuntime({ prisma, connection: redis, registry, config, log, webhookConfig });
  const batchRunner = new BatchItemRunner(batch, deps);
  const shutdown = new AbortController();
  const workers = queues.map((queue) => {
    const worker = createQueueWorker({
      queue,
      connection: redis,
      prefix: config.QUEUE_PREFIX,
      concurrency: queue === "audio" ? config.AUDIO_WORKER_CONCURRENCY : config.WORKER_CONCURRENCY,
      lockDurationMs: config.JOB_LOCK_MS,
      processor: async (job) => {
        try {
          const finalAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
          if (job.data.origin?.kind === "batch")
            return await batchRunner.run(job.data, job.id ?? "", shutdown.signal, {
              finalAttempt,
              firstRun: job.attemptsMade === 0 && job.stalledCounter === 0,
            });
          return await executeJob(job.data, job.id ?? "", deps, shutdown.signal, { finalAttempt });
        } catch (error) {
          if (error instanceof UnknownOperationError) throw new UnrecoverableError(error.message);
          throw error;
        }
      },
    });
    worker.on("error", (error) => log.error({ err: error, queue }, "worker error"));
    worker.on("stalled", (jobId) => log.warn({ jobId, queue }, "job stalled; it will be re-run"));
    return worker;
  });
  await Promise.all(workers.map((w) => w.waitUntilReady()));
  const sweeper = startReservationSweeper(deps.ledger, config.RESERVATION_SWEEP_MS, log);
  const batchSweeper = startBatchSweeper({
    runtime: batch,
    runner: batchRunner,
    intervalMs: config.BATCH_SWEEP_MS,
    // A job lives at least this long without its lock lapsing; an item older than that is worth a look at its job.
    staleAfterMs: 2 * config.JOB_LOCK_MS,
    log,
  });
  // Each webhook owner's reactions to its deliveries; the monitors group adds its own entry.
  const webhookHooks: Record<WebhookOwner["kind"], WebhookHooks> = {
    batch: {}, // a batch has nothing to undo: its delivery log is the record
    monitor: {},
  };
  const webhookWorker = startWebhookWorker({
    connection: redis,
    prefix: config.QUEUE_PREFIX,
    prisma,
    config: webhookConfig,
    log,
    hooks: {
      onGone: (owner, delivery) => webhookHooks[owner.kind].onGone?.(owner, delivery),
      onFinished: (delivery) => webhookHooks[delivery.owner.kind].onFinished?.(delivery),
    },
  });
  log.info({ queues }, "workers consuming");
  return {
    queues,
    workers,
    async close(graceMs = 30_000) {
      sweeper.stop();
      batchSweeper.stop();
      const closing = Promise.all([...workers.map((w) => w.close()), webhookWorker.close()]);
      const timer = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), graceMs).unref());
      if ((await Promise.race([closing, timer])) === "timeout") {
        log.warn("active jobs did not finish in time; releasing them to other workers");
        shutdown.abort(new Error("worker shutting down"));
        await Promise.all(workers.map((w) => w.close(true)));
      }
      await batch.close();
      await http.close();
      await prisma.$disconnect();
      redis.disconnect();
    },
  };
}
