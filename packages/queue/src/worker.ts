import { type Job, Worker } from "bullmq";
import type { Redis } from "ioredis";
import type { JobPayload, JobResult } from "./job.ts";

export interface QueueWorkerOptions {
  queue: string;
  connection: Redis;
  prefix: string;
  concurrency: number;
  /** Lock duration in ms; a job whose worker stops renewing its lock this long is stalled and handed to another. */
  lockDurationMs: number;
  processor: (job: Job<JobPayload, JobResult>) => Promise<JobResult>;
}

/**
 * A BullMQ worker on one queue. A stalled job (its worker died) is moved back to wait after one stalled interval
 * and re-run by any live worker; `maxStalledCount: 2` lets it survive two crashes before it is failed.
 */
export function createQueueWorker(options: QueueWorkerOptions): Worker<JobPayload, JobResult> {
  return new Worker<JobPayload, JobResult>(options.queue, options.processor, {
    connection: options.connection.duplicate(),
    prefix: options.prefix,
    concurrency: options.concurrency,
    lockDuration: options.lockDurationMs,
    stalledInterval: options.lockDurationMs,
    maxStalledCount: 2,
    autorun: true,
  });
}
