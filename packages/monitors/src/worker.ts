import type { ErrorCodeTable, RedisClient } from "@sda/core";
import { type Logger, startPeriodicTask } from "@sda/core";
import type { EngineDeps, MonitorRunJob } from "@sda/engine";
import type { PrismaClient } from "@sda/ledger";
import { createQueueWorker, isFinalAttempt, jobCatalog, jobParser } from "@sda/queue";
import type { WebhookClient, WebhookHooks } from "@sda/webhooks";
import type { Worker } from "bullmq";
import { monitorWebhookHooks } from "./hooks.ts";
import type { MonitorCatalog } from "./rules.ts";
import { type RunOutcome, runMonitor } from "./run.ts";
import { repeatOptions } from "./schedule.ts";
import { MONITOR_QUEUE, MonitorScheduler } from "./scheduler.ts";
import { MonitorStore } from "./store.ts";

export interface MonitorWorkerOptions {
  connection: RedisClient;
  /** `QUEUE_PREFIX`: the queue's Redis prefix and the deployment whose monitors this process runs. */
  prefix: string;
  prisma: PrismaClient;
  engine: EngineDeps;
  /** The wiring's composed code table (`errorCodes` of `@sda/services`), for runs' request-log rows. */
  errorCodes: ErrorCodeTable;
  webhooks: WebhookClient;
  catalog: MonitorCatalog;
  /** Runs in flight in this process (`MONITOR_CONCURRENCY`; 0 in {@link startWorkerMonitors}: none). */
  concurrency: number;
  /** BullMQ lock duration (`JOB_LOCK_MS`): a dead worker's run moves to another after it. */
  lockDurationMs: number;
  /**
   * How often the schedulers are reconciled again after start-up (`MONITOR_RECONCILE_SECONDS` × 1000, ms): Redis is
   * a cache of the schedule, PostgreSQL its truth, so a scheduler lost with Redis's data is back within this time.
   */
  reconcileIntervalMs?: number;
  log: Logger;
}

/** Default of {@link MonitorWorkerOptions.reconcileIntervalMs} (`MONITOR_RECONCILE_SECONDS`' default). */
const RECONCILE_INTERVAL_MS = 60_000;

/** A running monitors consumer. */
export interface MonitorWorker {
  worker: Worker<unknown, RunOutcome>;
  store: MonitorStore;
  scheduler: MonitorScheduler;
  /** Stops taking runs and waits for the active ones (`force`: abort them instead). */
  close(force?: boolean): Promise<void>;
}

/** What a reconcile changed (null when another process held the lock). */
export interface ReconcileReport {
  upserted: string[];
  removed: string[];
}

/**
 * Makes the `monitors` queue's job schedulers match the active monitors of this deployment in PostgreSQL (after Redis
 * lost its data, or a process died between a database change and its scheduler write): missing or changed ones are
 * upserted, ones without an active monitor removed. Runs only in the process that takes the transaction-scoped
 * advisory lock (`pg_try_advisory_xact_lock`, keyed by the prefix); the others skip it, so two workers starting
 * together never write the same schedulers. A removal re-reads the monitor first, so a monitor created by an API
 * process during the reconcile keeps its scheduler.
 */
export async function reconcileSchedulers(
  prisma: PrismaClient,
  store: MonitorStore,
  scheduler: MonitorScheduler,
): Promise<ReconcileReport | null> {
  return prisma.$transaction(
    async (tx) => {
      const [lock] = await tx.$queryRaw<{ locked: boolean }[]>`
        SELECT pg_try_advisory_xact_lock(hashtext(${`sda-monitors-reconcile:${store.queuePrefix}`})) AS "locked"`;
      if (!lock?.locked) return null;
      const report: ReconcileReport = { upserted: [], removed: [] };
      const active = new Map((await store.active()).map((m) => [m.id, m]));
      const existing = await scheduler.queue.getJobSchedulers(0, -1);
      const present = new Set<string>();
      for (const s of existing) {
        const id = s.key;
        const monitor = active.get(id);
        if (!monitor) {
          if ((await store.get(id))?.status === "active") continue;
          await scheduler.remove(id);
          report.removed.push(id);
          continue;
        }
        const want = repeatOptions(monitor.schedule);
        const same =
          "every" in want
            ? Number(s.every) === want.every
            : s.pattern === want.pattern && (s.tz ?? "UTC") === want.tz;
        if (same) present.add(id);
      }
      for (const [id, monitor] of active) {
        if (present.has(id)) continue;
        await scheduler.upsert(id, monitor.schedule);
        report.upserted.push(id);
      }
      return report;
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
}

/**
 * Consumes the `monitors` queue (each job one run, see {@link runMonitor}) after reconciling the schedulers, and
 * reconciles them again every `reconcileIntervalMs` (a flushed or restarted-empty Redis loses them). A job
 * whose data is not a monitor run (the job catalog's `monitor-run` schema) is logged and failed unrun. Jobs whose run was
 * skipped or ignored complete normally; unexpected errors are retried by BullMQ and resume the run.
 */
async function startMonitorWorker(options: MonitorWorkerOptions): Promise<MonitorWorker> {
  const { log } = options;
  const store = new MonitorStore(options.prisma, options.prefix);
  const scheduler = new MonitorScheduler(options.connection, options.prefix);
  const shutdown = new AbortController();
  const reportChanges = (report: ReconcileReport | null) => {
    if (report && (report.upserted.length > 0 || report.removed.length > 0))
      log.info(report, "monitor schedulers reconciled");
  };
  reportChanges(await reconcileSchedulers(options.prisma, store, scheduler));
  // Again every interval, in every process (leader-free: the advisory lock lets one run at a time, the others skip).
  const reconciler = startPeriodicTask(
    options.reconcileIntervalMs ?? RECONCILE_INTERVAL_MS,
    () => reconcileSchedulers(options.prisma, store, scheduler),
    {
      result: reportChanges,
      error: (error) => log.warn({ err: error }, "monitor scheduler reconcile failed"),
    },
  );

  const deps = {
    store,
    scheduler,
    webhooks: options.webhooks,
    catalog: options.catalog,
    engine: options.engine,
    errorCodes: options.errorCodes,
    log,
  };
  const worker = createQueueWorker<MonitorRunJob, RunOutcome>({
    queue: MONITOR_QUEUE,
    connection: options.connection,
    prefix: options.prefix,
    concurrency: options.concurrency,
    lockDurationMs: options.lockDurationMs,
    stalledIntervalMs: options.lockDurationMs,
    maxStalledCount: 2,
    parse: jobParser(jobCatalog["monitor-run"].schema),
    log,
    processor: (data, job) =>
      runMonitor(
        data,
        {
          jobId: job.id ?? "",
          signal: shutdown.signal,
          finalAttempt: isFinalAttempt(job),
          firstRun: job.attemptsMade === 0 && job.stalledCounter === 0,
        },
        deps,
      ),
  });
  worker.on("error", (error) => log.error({ err: error, queue: MONITOR_QUEUE }, "monitor worker error"));
  worker.on("failed", (job, error) =>
    log.error(
      {
        err: error,
        jobId: job?.id,
        monitorId: (job?.data as { monitorId?: unknown } | undefined)?.monitorId,
      },
      "monitor run job failed",
    ),
  );
  await worker.waitUntilReady();
  return {
    worker,
    store,
    scheduler,
    async close(force = false) {
      reconciler.stop();
      // Forced: in-flight runs are aborted and released to another worker (the run resumes there).
      if (force) shutdown.abort(new Error("worker shutting down"));
      await worker.close(force);
      await scheduler.close();
    },
  };
}

/** What a worker process runs for monitors: the consumer (unless disabled) and the webhook hooks. */
export interface WorkerMonitors {
  /** Null with `concurrency` 0: this process runs no monitors (nor the start-up reconcile). */
  consumer: MonitorWorker | null;
  /** For `startWebhookWorker`: they act on monitor deliveries in every process that sends webhooks. */
  hooks: Required<WebhookHooks>;
  close(force?: boolean): Promise<void>;
}

/**
 * The monitors part of a worker process: {@link startMonitorWorker} when `concurrency` > 0, and
 * {@link monitorWebhookHooks} in any case (a process that runs no monitors may still send their deliveries).
 */
export async function startWorkerMonitors(options: MonitorWorkerOptions): Promise<WorkerMonitors> {
  const consumer = options.concurrency > 0 ? await startMonitorWorker(options) : null;
  const parts = consumer ?? {
    store: new MonitorStore(options.prisma, options.prefix),
    scheduler: new MonitorScheduler(options.connection, options.prefix),
  };
  return {
    consumer,
    hooks: monitorWebhookHooks({ ...parts, log: options.log }),
    async close(force = false) {
      if (consumer) await consumer.close(force);
      else await parts.scheduler.close();
    },
  };
}
