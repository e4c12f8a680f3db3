import { history as defaultHistory, registry as defaultRegistry } from "@sda/catalog";
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
import { createHistoryObserver, HistoryStore } from "@sda/history";
import { createPrismaClient, Ledger } from "@sda/ledger";
import { createQueueWorker, createRedis } from "@sda/queue";
import { createHttpClient, createRecorder, originsFromConfig } from "@sda/upstream";
import { UnrecoverableError, type Worker } from "bullmq";
import { canaryRecordDir, startCanarySchedule } from "./canary.ts";

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

/** Starts one BullMQ worker per queue of this process's role, all running calls through {@link executeJob}. */
export async function startWorkers(
  config: ServiceConfig,
  log: Logger,
  options: { registry?: OperationRegistry; now?: () => Date } = {},
): Promise<RunningWorkers> {
  const registry = options.registry ?? defaultRegistry;
  const queues = workerQueues(config, registry);
  const redis = createRedis(config.REDIS_URL);
  const prisma = createPrismaClient(config.DATABASE_URL, 10);
  // One recorder serves record mode (every job) and the canaries (failed calls, in their own directory).
  const canaries = config.CANARY_INTERVAL_SECONDS > 0;
  const recorder =
    config.UPSTREAM_RECORD_DIR || canaries
      ? createRecorder({ dir: config.UPSTREAM_RECORD_DIR ?? canaryRecordDir(config), log })
      : undefined;
  const http = createHttpClient({
    origins: originsFromConfig(config),
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    userAgent: config.UPSTREAM_USER_AGENT,
    log,
    ...(recorder ? { recorder } : {}),
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
    // Injected clock (tests); History records its snapshots at this time.
    ...(options.now ? { now: options.now } : {}),
    observers: [createHistoryObserver({ store: new HistoryStore(prisma), catalog: defaultHistory, log })],
    ...(recorder && config.UPSTREAM_RECORD_DIR ? { recorder } : {}),
  };
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
  const canary = await startCanarySchedule(
    {
      registry,
      config,
      redis,
      http,
      log,
      ...(recorder ? { recorder, recordDir: canaryRecordDir(config) } : {}),
    },
    redis,
  );
  log.info({ queues }, "workers consuming");
  return {
    queues,
    workers,
    async close(graceMs = 30_000) {
      sweeper.stop();
      await canary?.close();
      const closing = Promise.all(workers.map((w) => w.close()));
      const timer = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), graceMs).unref());
      if ((await Promise.race([closing, timer])) === "timeout") {
        log.warn("active jobs did not finish in time; releasing them to other workers");
        shutdown.abort(new Error("worker shutting down"));
        await Promise.all(workers.map((w) => w.close(true)));
      }
      await http.close();
      await prisma.$disconnect();
      redis.disconnect();
    },
  };
}
