import type { Logger, RedisClient } from "@sda/core";
import { type Job, UnrecoverableError, Worker } from "bullmq";
import { queuePrefix, withOwnConnection } from "./connection.ts";
import type { Replyable } from "./job.ts";
import { encodeReply, type ReplyMessage } from "./reply.ts";

interface QueueWorkerOptions<Payload, Result> {
  queue: string;
  connection: RedisClient;
  prefix: string;
  concurrency: number;
  /** Lock duration in ms; a job whose worker stops renewing its lock this long is stalled and handed to another. */
  lockDurationMs: number;
  /** How often the worker looks for stalled jobs, in ms (default: half the lock duration). */
  stalledIntervalMs?: number;
  /** Stalls a job survives before it is failed (default 2). */
  maxStalledCount?: number;
  /**
   * Checks a job's data at the boundary and returns it typed (the queue's zod schema).
   * @throws anything for data that is not a job of this queue: the job is failed as unrecoverable, never run.
   */
  parse(data: unknown): Payload;
  /** Where a refused job is logged (one `warn` line with the job id and the reason). */
  log: Logger;
  /** Runs a job whose data `parse` accepted. */
  processor: (data: Payload, job: Job<unknown, Result>) => Promise<Result>;
}

/**
 * A BullMQ worker on one queue. The worker renews each running job's lock every `lockDurationMs / 4` (2.5 s at the
 * default 10 s), so a long audio job keeps it however long it runs, and a live job's lock lapses only when the
 * worker's event loop (or Redis) stalls for 3/4 of the lock (7.5 s). When a worker dies its lock lapses within
 * `lockDurationMs`, and the next stalled check (every `stalledIntervalMs`) moves the job back to wait for any live
 * worker: a crashed job re-runs within lockDurationMs + stalledIntervalMs (10 s + 5 s by default), whatever the
 * renewal cadence. After `maxStalledCount` stalls the job is failed.
 *
 * `lockRenewTime` is BullMQ's default, `lockDurationMs / 2`: BullMQ's lock manager (bullmq 6.7, `lock-manager.ts`)
 * ticks every `lockRenewTime / 2` and renews, in one `extendLocks` script per tick, every job not renewed for that
 * long — each job at every tick, so the period is `lockRenewTime / 2`. A renewal costs Redis 3 commands per job
 * (GET, SET, SREM) for as long as the job runs: `lockDurationMs / 4` (it was `/ 8`, set as "/ 4") made a call whose
 * upstream answered in 14 s cost 28.5 commands of renewal instead of ~14 (`npm run bench -- redis`).
 *
 * Every job's data passes `parse` first: a job that is not one of the queue's kinds (a newer or older build's, a hand
 * edit, a bug) is logged and failed with {@link UnrecoverableError} — never run, never retried, so it moves no credit.
 * A job that names a reply channel (`replyTo`, see `reply.ts`) has its final outcome published there by the worker
 * as soon as the processor has it: its result, or the reason of a failure BullMQ will not retry.
 */
export function createQueueWorker<Payload, Result>(
  options: QueueWorkerOptions<Payload, Result>,
): Worker<unknown, Result> {
  return withOwnConnection(
    options.connection,
    (connection) =>
      new Worker<unknown, Result>(options.queue, replying(options.connection, checked(options)), {
        connection,
        prefix: queuePrefix(options.connection, options.prefix, options.queue),
        concurrency: options.concurrency,
        lockDuration: options.lockDurationMs,
        lockRenewTime: options.lockDurationMs / 2,
        stalledInterval: options.stalledIntervalMs ?? options.lockDurationMs / 2,
        maxStalledCount: options.maxStalledCount ?? 2,
        autorun: true,
      }),
  );
}

/**
 * Whether this run of `job` is its last: BullMQ will not retry it if it throws (`attempts`, default 1, all used).
 * Any job's data; a job failed with `UnrecoverableError` is final whatever this says.
 */
export function isFinalAttempt(job: Pick<Job, "attemptsMade" | "opts">): boolean {
  return job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}

/** A BullMQ processor of raw job data. */
type RawProcessor<Result> = (job: Job<unknown, Result>) => Promise<Result>;

/** `options.processor` behind `options.parse`: a job that does not parse is logged and failed as unrecoverable. */
function checked<Payload, Result>(options: QueueWorkerOptions<Payload, Result>): RawProcessor<Result> {
  return async (job) => {
    let data: Payload;
    try {
      data = options.parse(job.data);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      options.log.warn(
        { jobId: job.id, queue: options.queue, name: job.name, reason: reason.slice(0, 500) },
        "malformed job refused; it is not run",
      );
      throw new UnrecoverableError(`malformed job: ${reason.slice(0, 200)}`);
    }
    return options.processor(data, job);
  };
}

/** The reply channel a job names, if its data has one (read before the data is checked: a refusal is answered too). */
function replyChannelOf(data: unknown): string | undefined {
  const channel = (data as Replyable | null)?.replyTo;
  return typeof channel === "string" ? channel : undefined;
}

/**
 * `processor` publishing each job's final outcome on the job's reply channel (`Replyable.replyTo`), without waiting
 * for the publish (BullMQ's completion of the job goes on meanwhile; a publish that fails is covered by the waiter's
 * fallback reads of the job state). A thrown error is published only when BullMQ will not retry it (last attempt, or
 * {@link UnrecoverableError}), with the message BullMQ records as the failed reason; it is rethrown either way.
 */
function replying<Result>(publisher: RedisClient, processor: RawProcessor<Result>): RawProcessor<Result> {
  const publish = (job: Job<unknown, Result>, message: ReplyMessage<Result>) => {
    const channel = replyChannelOf(job.data);
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
