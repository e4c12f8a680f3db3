import { tmpdir } from "node:os";
import path from "node:path";
import { type CanaryDeps, runCanaries } from "@sda/canary";
import { canaryEnv } from "@sda/canary/env";
import type { RedisClient } from "@sda/core";
import { type ServiceConfig, startPeriodicTask } from "@sda/core";
import {
  type CanaryJob,
  createQueueWorker,
  jobCatalog,
  jobParser,
  jobQueue,
  queuePrefix,
  scheduleJobs,
  withOwnConnection,
} from "@sda/queue";
import { Queue, type Worker } from "bullmq";

/**
 * The BullMQ queue of the canary repeatable job (apart from the call queues: a canary is never a billed call): the job
 * catalog's `canary` kind.
 */
export const CANARY_QUEUE = jobQueue("canary");
/** The id of its job scheduler: one per prefix, however many workers start it. */
export const CANARY_SCHEDULER_ID = "canary";

/** Where failed canary calls are recorded: `CANARY_RECORD_DIR`, else `<tmp>/sda-canary`. */
export function canaryRecordDir(config: ServiceConfig): string {
  return canaryEnv.of(config).CANARY_RECORD_DIR ?? path.join(tmpdir(), "sda-canary");
}

/** The running canary schedule of a worker process. */
export interface CanarySchedule {
  queue: Queue;
  worker: Worker<unknown, CanaryJobResult>;
  close(): Promise<void>;
}

/** What a canary job returns: how many canary calls passed and failed. */
interface CanaryJobResult {
  passed: number;
  failed: number;
}

/**
 * Starts the canary repeatable job when `CANARY_INTERVAL_SECONDS` > 0: a BullMQ job scheduler (upserted, so every
 * worker process can start it and there is still one schedule per prefix) adds one job every interval, and one
 * worker per process (concurrency 1) runs it with {@link runCanaries}. The scheduler is checked every interval and
 * written again when Redis lost it. A job whose data is not a canary run (the job catalog's `canary` schema) is
 * logged and failed unrun.
 * @returns the schedule, or null when canaries are off.
 */
export async function startCanarySchedule(
  deps: CanaryDeps,
  connection: RedisClient,
): Promise<CanarySchedule | null> {
  const seconds = canaryEnv.of(deps.config).CANARY_INTERVAL_SECONDS;
  if (seconds <= 0) return null;
  const prefix = deps.config.QUEUE_PREFIX;
  const queue = withOwnConnection(
    connection,
    (own) =>
      new Queue(CANARY_QUEUE, { connection: own, prefix: queuePrefix(connection, prefix, CANARY_QUEUE) }),
  );
  // Without a listener BullMQ prints each connection error to stderr; the worker below logs its own.
  queue.on("error", () => undefined);
  const upsert = () =>
    scheduleJobs(queue, "canary", CANARY_SCHEDULER_ID, { every: seconds * 1000 }, { kind: "canary" });
  await upsert();
  // The schedule lives only in Redis: checked every interval, and written again when Redis lost it (flushed,
  // restarted empty). Idempotent, so every process may do it.
  const keeper = startPeriodicTask(
    seconds * 1000,
    async () => {
      if (!(await queue.getJobScheduler(CANARY_SCHEDULER_ID))) await upsert();
    },
    { error: (error) => deps.log.warn({ err: error }, "canary schedule check failed") },
  );
  const worker = createQueueWorker<CanaryJob, CanaryJobResult>({
    queue: CANARY_QUEUE,
    connection,
    prefix,
    concurrency: 1,
    // BullMQ's defaults, as before this worker was built by createQueueWorker: a 30 s lock, checked every 30 s, a
    // run failed at its first stall (the next interval's job runs the canaries again).
    lockDurationMs: 30_000,
    stalledIntervalMs: 30_000,
    maxStalledCount: 1,
    parse: jobParser(jobCatalog.canary.schema),
    log: deps.log,
    processor: async () => {
      const run = await runCanaries(deps);
      return { passed: run.passed, failed: run.failed };
    },
  });
  worker.on("error", (error) => deps.log.error({ err: error }, "canary worker error"));
  await worker.waitUntilReady();
  deps.log.info({ everySeconds: seconds }, "canary schedule started");
  return {
    queue,
    worker,
    async close() {
      keeper.stop();
      await worker.close();
      await queue.close();
    },
  };
}
