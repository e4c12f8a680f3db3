import { tmpdir } from "node:os";
import path from "node:path";
import { type CanaryDeps, runCanaries } from "@sda/canary";
import { canaryEnv } from "@sda/canary/env";
import { type ServiceConfig, startPeriodicTask } from "@sda/core";
import { Queue, Worker } from "bullmq";
import type { Redis } from "ioredis";

/** The BullMQ queue of the canary repeatable job (apart from the call queues: a canary is never a billed call). */
export const CANARY_QUEUE = "canary";
/** The id of its job scheduler: one per prefix, however many workers start it. */
export const CANARY_SCHEDULER_ID = "canary";

/** Where failed canary calls are recorded: `CANARY_RECORD_DIR`, else `<tmp>/sda-canary`. */
export function canaryRecordDir(config: ServiceConfig): string {
  return canaryEnv.of(config).CANARY_RECORD_DIR ?? path.join(tmpdir(), "sda-canary");
}

/** The running canary schedule of a worker process. */
export interface CanarySchedule {
  queue: Queue;
  worker: Worker;
  close(): Promise<void>;
}

/**
 * Starts the canary repeatable job when `CANARY_INTERVAL_SECONDS` > 0: a BullMQ job scheduler (upserted, so every
 * worker process can start it and there is still one schedule per prefix) adds one job every interval, and one
 * worker per process (concurrency 1) runs it with {@link runCanaries}. The scheduler is checked every interval and
 * written again when Redis lost it.
 * @returns the schedule, or null when canaries are off.
 */
export async function startCanarySchedule(
  deps: CanaryDeps,
  connection: Redis,
): Promise<CanarySchedule | null> {
  const seconds = canaryEnv.of(deps.config).CANARY_INTERVAL_SECONDS;
  if (seconds <= 0) return null;
  const prefix = deps.config.QUEUE_PREFIX;
  const queue = new Queue(CANARY_QUEUE, { connection: connection.duplicate(), prefix });
  // Without a listener BullMQ prints each connection error to stderr; the worker below logs its own.
  queue.on("error", () => undefined);
  const upsert = () =>
    queue.upsertJobScheduler(
      CANARY_SCHEDULER_ID,
      { every: seconds * 1000 },
      { name: "canary", opts: { removeOnComplete: 20, removeOnFail: 20 } },
    );
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
  const worker = new Worker(
    CANARY_QUEUE,
    async () => {
      const run = await runCanaries(deps);
      return { passed: run.passed, failed: run.failed };
    },
    { connection: connection.duplicate(), prefix, concurrency: 1 },
  );
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
