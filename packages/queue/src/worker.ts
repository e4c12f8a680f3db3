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
  /** How often the worker looks for stalled jobs, in ms (default: half the lock duration). */
  stalledIntervalMs?: number;
  /** Stalls a job survives before it is failed (default 2). */
  maxStalledCount?: number;
  processor: (job: Job<JobPayload, JobResult>) => Promise<JobResult>;
}

/**
 * A BullMQ worker on one queue. The worker renews each active job's lock every `lockDurationMs / 4` (BullMQ's default
 * is / 2: a quarter leaves 3/4 of the lock as slack for a busy event loop before a live job looks stalled), so a long
 * audio job keeps it however long it runs. When a worker dies its lock lapses
 * within `lockDurationMs`, and the next stalled check (every `stalledIntervalMs`) moves the job back to wait for any
 * live worker: a crashed job re-runs within lockDurationMs + stalledIntervalMs (10 s + 5 s by default). After
 * `maxStalledCount` stalls the job is failed.
 */
export function createQueueWorker(options: QueueWorkerOptions): Worker<JobPayload, JobResult> {
  return new Worker<JobPayload, JobResult>(options.queue, options.processor, {
    connection: options.connection.duplicate(),
    prefix: options.prefix,
    concurrency: options.concurrency,
    lockDuration: options.lockDurationMs,
    lockRenewTime: options.lockDurationMs / 4,
    stalledInterval: options.stalledIntervalMs ?? options.lockDurationMs / 2,
    maxStalledCount: options.maxStalledCount ?? 2,
    autorun: true,
  });
}
