import { setMaxListeners } from "node:events";
import { BatchItemRunner, startBatchSweeper } from "@sda/batch";
import { batchEnv } from "@sda/batch/env";
import { canaryEnv } from "@sda/canary/env";
import { history as defaultHistory, registry as defaultRegistry } from "@sda/catalog";
import type { Catalog } from "@sda/contract";
import type { Logger } from "@sda/core";
import {
  type EngineDeps,
  type JobResult,
  type PlatformJobRunners,
  runCallJob,
  runEstimateJob,
  runPlatformJob,
  startReservationSweeper,
  UnknownOperationError,
} from "@sda/engine";
import { createHistoryObserver, HistoryStore } from "@sda/history";
import { startPartitionMaintenance } from "@sda/ledger";
import { ledgerEnv } from "@sda/ledger/env";
import { startWorkerMonitors, type WorkerMonitors } from "@sda/monitors";
import { monitorsEnv } from "@sda/monitors/env";
import { createQueueWorker, isFinalAttempt, jobParser, platformJobSchema } from "@sda/queue";
import { createServices } from "@sda/services";
import { createHandlerServices } from "@sda/services/handler-services";
import {
  createHttpClient,
  createRecorder,
  originsFromConfig,
  Politeness,
  upstreamPoolSize,
} from "@sda/upstream";
import { startWebhookSweeper, startWebhookWorker, WebhookClient, type WebhookConfig } from "@sda/webhooks";
import { UnrecoverableError, type Worker } from "bullmq";
import { canaryRecordDir, startCanarySchedule } from "./canary.ts";
import type { WorkerConfig } from "./env.ts";
import { startWorkerMetrics, type WorkerMetricsServer } from "./metrics.ts";
import { partitionedTables } from "./partitions.ts";

/** A running worker process's consumers, with a graceful `close`. */
export interface RunningWorkers {
  queues: string[];
  workers: Worker[];
  /** The monitors consumer (`consumer` null with `MONITOR_CONCURRENCY=0`) and their webhook hooks. */
  monitors: WorkerMonitors;
  /** This process's `GET /metrics` server (`WORKER_METRICS_PORT`), or null when unset. */
  metrics: WorkerMetricsServer | null;
  /**
   * Stops taking jobs and waits up to `graceMs` for the active ones to finish; jobs still running after that are
   * released (their lock lapses and another worker re-runs them; the charge is keyed by request id, so never twice).
   */
  close(graceMs?: number): Promise<void>;
}

/** The queues this process consumes: WORKER_QUEUES, or every queue some operation uses. */
function workerQueues(config: WorkerConfig, registry: Catalog): string[] {
  const used = registry.queues();
  if (!config.WORKER_QUEUES.trim()) return used;
  const wanted = config.WORKER_QUEUES.split(",")
    .map((q) => q.trim())
    .filter(Boolean);
  // Known queues derive from the catalog: each platform's own plus the extra ones it declares.
  const known = [...new Set(registry.platforms.flatMap((p) => p.queues))];
  for (const q of wanted)
    if (!known.includes(q))
      throw new Error(`WORKER_QUEUES names an unknown queue "${q}" (known: ${known.join(", ")})`);
  return wanted;
}

/**
 * Starts the shared services (`createServices`) and what only the worker runs: one BullMQ consumer per queue of this
 * process's role (each job parsed and handed to its kind's runner), the monitor and webhook consumers, the
 * reservation, webhook and batch sweepers, the partition maintenance, the canaries and the metrics server.
 * @param config the composed configuration with the worker's own slice (`loadServiceEnv(source, [workerEnv])`).
 */
export async function startWorkers(
  config: WorkerConfig,
  log: Logger,
  options: { registry?: Catalog; now?: () => Date; webhookConfig?: Partial<WebhookConfig> } = {},
): Promise<RunningWorkers> {
  const registry = options.registry ?? defaultRegistry;
  const queues = workerQueues(config, registry);
  // Load the handlers of this role's operations before taking jobs: importing a platform's extraction code inside a
  // job would block the event loop while the job's lock must be renewed (JOB_LOCK_MS).
  await Promise.all(
    registry.operations.filter((op) => queues.includes(op.queue)).map((op) => registry.handler(op.id)),
  );
  const services = await createServices(config, log, {
    registry,
    ...(options.webhookConfig ? { webhookConfig: options.webhookConfig } : {}),
  });
  const { redis, prisma, ledger, batch, webhookConfig } = services;
  // One recorder serves record mode (every job) and the canaries (failed calls, in their own directory).
  const canaries = canaryEnv.of(config).CANARY_INTERVAL_SECONDS > 0;
  const recorder =
    config.UPSTREAM_RECORD_DIR || canaries
      ? createRecorder({
          dir: config.UPSTREAM_RECORD_DIR ?? canaryRecordDir(config),
          platforms: registry.platforms,
          log,
        })
      : undefined;
  const http = createHttpClient({
    origins: originsFromConfig(config, registry.platforms),
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    userAgent: config.UPSTREAM_USER_AGENT,
    connections: upstreamPoolSize(config),
    // The platforms' declared host budgets, shared by every worker through Redis.
    politeness: new Politeness({ redis, prefix: config.QUEUE_PREFIX, platforms: registry.platforms, log }),
    log,
    ...(recorder ? { recorder } : {}),
  });
  // Media, summariser and strategy: built once, before the first job, and handed to every handler as ctx.services.
  const handlerServices = createHandlerServices({ config, redis, log });
  const deps: EngineDeps = {
    registry,
    ledger,
    releases: services.releases,
    reservationTtlSeconds: config.RESERVATION_TTL_SECONDS,
    cache: services.cache,
    http,
    redis,
    keyPrefix: config.QUEUE_PREFIX,
    cursors: services.cursors,
    config,
    log,
    services: handlerServices,
    // Injected clock (tests); History records its snapshots at this time.
    ...(options.now ? { now: options.now } : {}),
    observers: [createHistoryObserver({ store: new HistoryStore(prisma), catalog: defaultHistory, log })],
    ...(recorder && config.UPSTREAM_RECORD_DIR ? { recorder } : {}),
  };
  const batchRunner = new BatchItemRunner(batch, deps);
  const shutdown = new AbortController();
  // One signal shared by every job in flight: each job waiting on it (a poll for a shared OAuth token, a sleep) adds a
  // listener it removes when done, so the count follows the concurrency, not a leak. Node's default of 10 printed a
  // MaxListenersExceededWarning to stderr as soon as 11 jobs waited at once.
  setMaxListeners(0, shutdown.signal);
  const runners: PlatformJobRunners<JobResult> = {
    call: (job, run) => runCallJob(job, deps, run),
    estimate: (job, run) => runEstimateJob(job, deps, run),
    "batch-item": (job, run) => batchRunner.run(job, run),
  };
  const parse = jobParser(platformJobSchema);
  const workers = queues.map((queue) => {
    const worker = createQueueWorker({
      queue,
      connection: redis,
      prefix: config.QUEUE_PREFIX,
      concurrency: queue === "audio" ? config.AUDIO_WORKER_CONCURRENCY : config.WORKER_CONCURRENCY,
      lockDurationMs: config.JOB_LOCK_MS,
      stalledIntervalMs: config.JOB_STALLED_INTERVAL_MS,
      maxStalledCount: config.JOB_MAX_STALLED_COUNT,
      parse,
      log,
      processor: async (data, job) => {
        try {
          return await runPlatformJob(runners, data, {
            jobId: job.id ?? "",
            signal: shutdown.signal,
            finalAttempt: isFinalAttempt(job),
            firstRun: job.attemptsMade === 0 && job.stalledCounter === 0,
          });
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
  const metrics =
    config.WORKER_METRICS_PORT === undefined
      ? null
      : await startWorkerMetrics(config.WORKER_METRICS_PORT, config.METRICS_TOKEN, workers, log);
  // Webhook attempts (batch and monitor deliveries) and monitor runs. A webhook hook acts on its own owner kind only;
  // a batch has nothing to undo (its delivery log is the record).
  const webhookClient = new WebhookClient({
    connection: redis,
    prefix: config.QUEUE_PREFIX,
    prisma,
    config: webhookConfig,
    log,
  });
  const monitors = await startWorkerMonitors({
    connection: redis,
    prefix: config.QUEUE_PREFIX,
    prisma,
    engine: deps,
    errorCodes: services.errorCodes,
    webhooks: webhookClient,
    catalog: services.monitorCatalog,
    concurrency: monitorsEnv.of(config).MONITOR_CONCURRENCY,
    lockDurationMs: config.JOB_LOCK_MS,
    reconcileIntervalMs: monitorsEnv.of(config).MONITOR_RECONCILE_SECONDS * 1000,
    log,
  });
  const webhooks = startWebhookWorker({
    connection: redis,
    prefix: config.QUEUE_PREFIX,
    prisma,
    config: webhookConfig,
    log,
    hooks: {
      onGone: (owner, delivery) =>
        owner.kind === "monitor" ? monitors.hooks.onGone(owner, delivery) : undefined,
      onFinished: (delivery) =>
        delivery.owner.kind === "monitor" ? monitors.hooks.onFinished(delivery) : undefined,
    },
  });
  const sweeper = startReservationSweeper(deps.ledger, config.RESERVATION_SWEEP_MS, log);
  const ledgerVars = ledgerEnv.of(config);
  const partitions = startPartitionMaintenance(
    prisma,
    partitionedTables(config),
    {
      intervalMs: ledgerVars.PARTITION_MAINTENANCE_MINUTES * 60_000,
      aheadMonths: ledgerVars.PARTITIONS_AHEAD_MONTHS,
    },
    log,
  );
  const webhookSweeper = startWebhookSweeper(webhookClient, log);
  const batchSweeper = startBatchSweeper({
    runtime: batch,
    runner: batchRunner,
    intervalMs: batchEnv.of(config).BATCH_SWEEP_MS,
    // A job lives at least this long without its lock lapsing; an item older than that is worth a look at its job.
    staleAfterMs: 2 * config.JOB_LOCK_MS,
    log,
  });
  const canary = await startCanarySchedule(
    {
      registry,
      declared: registry.platforms.flatMap((p) => p.canaries),
      config,
      redis,
      http,
      log,
      services: handlerServices,
      ...(recorder ? { recorder, recordDir: canaryRecordDir(config) } : {}),
    },
    redis,
  );
  log.info({ queues }, "workers consuming");
  return {
    queues,
    workers,
    monitors,
    metrics,
    async close(graceMs = 30_000) {
      sweeper.stop();
      partitions.stop();
      webhookSweeper.stop();
      batchSweeper.stop();
      await canary?.close();
      const closing = Promise.all([...workers.map((w) => w.close()), monitors?.close(), webhooks.close()]);
      const timer = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), graceMs).unref());
      if ((await Promise.race([closing, timer])) === "timeout") {
        log.warn("active jobs did not finish in time; releasing them to other workers");
        shutdown.abort(new Error("worker shutting down"));
        await Promise.all([
          ...workers.map((w) => w.close(true)),
          monitors.close(true),
          webhooks.worker.close(true),
        ]);
      }
      await metrics?.close();
      await webhookClient.close();
      await http.close();
      await services.close();
    },
  };
}
