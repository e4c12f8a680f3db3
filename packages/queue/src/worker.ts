import { type Job, UnrecoverableError, Worker } from "bullmq";
import type { Redis } from "ioredis";
import type { JobPayload, JobResult } from "./job.ts";
import { encodeReply, type ReplyMessage } from "./reply.ts";

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
 *
 * A job that names a reply channel (`replyTo`, see `reply.ts`) has its final outcome published there by the worker
 * as soon as the processor has it: its result, or the reason of a failure BullMQ will not retry.
 */
export function createQueueWorker(options: QueueWorkerOptions): Worker<JobPayload, JobResult> {
  return new Worker<JobPayload, JobResult>(options.queue, replying(options.connection, options.processor), {
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

/**
 * Whether this run of `job` is its last: BullMQ will not retry it if it throws (`attempts`, default 1, all used).
 * Any job's data; a job failed with `UnrecoverableError` is final whatever this says.
 */
export function isFinalAttempt(job: Pick<Job, "attemptsMade" | "opts">): boolean {
  return job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}

/**
 * `processor` publishing each job's final outcome on the job's reply channel (`JobPayload.replyTo`), without waiting
 * for the publish (BullMQ's completion of the job goes on meanwhile; a publish that fails is covered by the waiter's
 * periodic read of the job state). A thrown error is published only when BullMQ will not retry it (last attempt, or
 * {@link UnrecoverableError}), with the message BullMQ records as the failed reason; it is rethrown either way.
 */
function replying(
  publisher: Redis,
  processor: QueueWorkerOptions["processor"],
): QueueWorkerOptions["processor"] {
  const publish = (job: Job<JobPayload, JobResult>, message: ReplyMessage) => {
    const channel = job.data.replyTo;
    if (channel) publisher.publish(channel, encodeReply(message)).catch(() => undefined);
  };
  return async (job) => {
    const jobId = job.id ?? "";
    try {
      const result = await processor(job);
      publish(job, { jobId, result });
      return result;
    } catch (error) {
      const final = error instanceof UnrecoverableError || isFinalAttempt(job);
      if (final) publish(job, { jobId, failed: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  };
}
