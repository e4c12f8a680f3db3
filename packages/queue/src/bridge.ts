import { duplicateRedis, newId, type RedisClient } from "@sda/core";
import { Job, Queue } from "bullmq";
import { queuePrefix } from "./connection.ts";
import type { JobFailure, JobStatus, Replyable } from "./job.ts";
import { type AwaitedJobKind, jobOptions } from "./job-catalog.ts";
import { decodeReply, replyChannel } from "./reply.ts";
import { CallSpan } from "./spans.ts";

/** The gateway's enqueue-and-wait of a call (see {@link CallSpan}). */
const submitSpan = new CallSpan("sda:queue:submit");

export interface QueueBridgeOptions<Result> {
  /** Shared connection for the queues (producers); the reply channel's subscriber is a duplicate of it. */
  connection: RedisClient;
  prefix: string;
  queues: readonly string[];
  /** Seconds a finished job (and its result) is kept for `GET /v1/jobs/{id}`. */
  resultTtlSeconds: number;
  /** Attempts of a job whose worker crashed or threw unexpectedly. */
  attempts: number;
  /**
   * First re-read of a waiting job's state in case its reply was missed (ms, default 2000); each later one waits twice
   * as long as the one before (see {@link fallbackPollTimes}), and every waiter is re-read once when the reply
   * subscription reconnects.
   */
  pollIntervalMs?: number;
  /**
   * The result answered for a job that produced none: failed for good (a crash loop, an unexpected error through
   * every attempt, an unrecoverable error) or lost with Redis while waited for.
   */
  failed(failure: JobFailure): Result;
}

/** Result of {@link QueueBridge.submit}: the finished job, or a handle when the deadline passed first. */
type SubmitOutcome<Result> =
  | { state: "finished"; jobId: string; result: Result }
  | { state: "pending"; jobId: string; status: JobStatus };

/** A job as `GET /v1/jobs/{id}` sees it: its data as stored (not validated) and its result once it finished. */
interface JobView<Payload, Result> {
  jobId: string;
  queue: string;
  payload: Payload;
  status: JobStatus;
  result: Result | null;
}

/** How {@link QueueBridge.submit} adds and waits for one job. */
interface SubmitOptions {
  /** The job id (default: a new `job_…` id); known before the add, so a caller can remove the job it gave up on. */
  jobId?: string;
  /** Aborted when the caller stops waiting: `pending`, no further reads. */
  signal?: AbortSignal;
  /** Seconds the finished job is kept, when longer than `resultTtlSeconds` (a call a retry may read: 24 h). */
  keepSeconds?: number;
}

type Settled =
  | { kind: "completed"; value: unknown }
  | { kind: "failed"; reason: string }
  /** The job vanished while waited for (Redis restarted without persistence). */
  | { kind: "lost" }
  | { kind: "deadline" }
  /** The caller stopped waiting (`submit`'s signal). */
  | { kind: "abandoned" };

/**
 * When a waiter re-reads its job's state, in ms after the add: `firstMs`, then each gap twice the one before, up to the
 * deadline. A call waiting `w` ms costs about log2(w / firstMs) reads, so Redis work per call stays nearly flat as calls
 * wait longer (a fixed 2 s interval made a call waiting 60 s cost 30 reads; now 4). Replies lost while the subscriber
 * reconnected are caught at once by the re-read on reconnect, not by these.
 */
export function fallbackPollTimes(firstMs: number, deadlineMs: number): number[] {
  const times: number[] = [];
  for (let gap = firstMs, at = firstMs; at < deadlineMs; gap *= 2, at += gap) times.push(at);
  return times;
}

/** What every payload of a {@link QueueBridge} names: its kind in the job catalog, one a producer waits for. */
interface AwaitedPayload {
  kind: AwaitedJobKind;
}

/**
 * The gateway's side of the queue: enqueue a call and wait for it up to the deadline (SPEC §8: 110 s).
 *
 * Each bridge subscribes to a reply channel of its own (`reply.ts`) and names it in every job it adds; the worker
 * publishes the outcome there. The waiter is registered before the job is added (a fast worker can finish before
 * `add` returns), raced against the deadline, and backed by reading the job's state at {@link fallbackPollTimes} and
 * whenever the subscription reconnects (a reply published while the subscriber reconnected is lost; a job failed by
 * BullMQ's stalled check publishes nothing).
 * Jobs are kept `resultTtlSeconds` after they finish, never removed on completion (the job catalog's policy of the
 * payload's kind: attempts, backoff, retention by age), so a waiter or a later `GET /v1/jobs/{id}` can always read the
 * result.
 *
 * Generic over the job's data (`Payload`, which gets the reply channel) and its result (`Result`, the worker's return
 * value): the bridge moves them, the engine owns what they mean.
 */
export class QueueBridge<Payload extends AwaitedPayload, Result> {
  readonly #options: QueueBridgeOptions<Result>;
  readonly #queues = new Map<string, Queue>();
  readonly #waiters = new Map<string, { queue: Queue; settle: (settled: Settled) => void }>();
  readonly #channel: string;
  #subscriber: RedisClient | undefined;

  constructor(options: QueueBridgeOptions<Result>) {
    this.#options = options;
    this.#channel = replyChannel(options.prefix, newId("gw"));
  }

  /** Opens the queues and subscribes to the reply channel; resolves when replies are being received. */
  async start(): Promise<void> {
    const { connection, prefix } = this.#options;
    for (const name of this.#options.queues) {
      const queue = new Queue(name, { connection, prefix: queuePrefix(connection, prefix, name) });
      // Connection errors surface through the calls themselves (503); the events only need a listener.
      queue.on("error", () => undefined);
      this.#queues.set(name, queue);
    }
    // Subscribed through reconnects (ioredis subscribes again), whatever the producer connection does.
    const subscriber = duplicateRedis(connection, { maxRetriesPerRequest: null, enableOfflineQueue: true });
    subscriber.on("error", () => undefined);
    subscriber.on("message", (_channel: string, text: string) => {
      const reply = decodeReply<Result>(text);
      if (!reply) return;
      this.#settle(
        reply.jobId,
        "result" in reply
          ? { kind: "completed", value: reply.result }
          : { kind: "failed", reason: reply.failed },
      );
    });
    this.#subscriber = subscriber;
    await subscriber.subscribe(this.#channel);
    // After a reconnect (ioredis subscribes again and says `ready`), replies published meanwhile are lost: read every
    // waiting job's state once.
    subscriber.on("ready", () => {
      for (const [jobId, waiter] of this.#waiters)
        void this.#readFinished(waiter.queue, jobId)
          .then((s) => s && waiter.settle(s))
          .catch(() => undefined);
    });
  }

  /**
   * Adds `payload` as a job named `name` (the operation id) on `queueName` and waits for it until `deadlineMs`
   * elapses, or until `options.signal` aborts (the caller stops waiting: `pending`, no further reads).
   * @returns `finished` with the worker's result (or `failed(…)` of a job that produced none), or `pending` with the
   *   job id (the job keeps running).
   * @throws the Redis error when the job could not be added (nothing was enqueued, or it is not known to be).
   */
  submit(
    queueName: string,
    name: string,
    payload: Payload,
    deadlineMs: number,
    options: SubmitOptions = {},
  ): Promise<SubmitOutcome<Result>> {
    const jobId = options.jobId ?? newId("job");
    return submitSpan.run({ jobId, operation: name }, () =>
      this.#submit(queueName, name, jobId, payload, deadlineMs, options),
    );
  }

  /**
   * Removes a job nobody will wait for (a refused call's), unless a worker holds it: a waiting job never runs.
   * @returns true when it was removed (or did not exist), false when a worker holds it (it runs to its end).
   */
  async remove(queueName: string, jobId: string): Promise<boolean> {
    return (await this.#queue(queueName).remove(jobId)) === 1 || !(await this.#exists(queueName, jobId));
  }

  async #exists(queueName: string, jobId: string): Promise<boolean> {
    return (await this.#queue(queueName).getJobState(jobId)) !== "unknown";
  }

  async #submit(
    queueName: string,
    name: string,
    jobId: string,
    payload: Payload,
    deadlineMs: number,
    options: SubmitOptions,
  ): Promise<SubmitOutcome<Result>> {
    const { signal } = options;
    const keep = Math.max(this.#options.resultTtlSeconds, options.keepSeconds ?? 0);
    const queue = this.#queue(queueName);
    let resolveWaiter!: (settled: Settled) => void;
    const settled = new Promise<Settled>((resolve) => {
      resolveWaiter = resolve;
    });
    this.#waiters.set(jobId, { queue, settle: resolveWaiter });
    const timers: NodeJS.Timeout[] = [];
    try {
      await queue.add(
        name,
        { ...payload, replyTo: this.#channel } satisfies Payload & Replyable,
        jobOptions(payload.kind, null, { jobId, attempts: this.#options.attempts, retentionSeconds: keep }),
      );
      timers.push(setTimeout(() => resolveWaiter({ kind: "deadline" }), deadlineMs));
      const abandon = () => resolveWaiter({ kind: "abandoned" });
      if (signal?.aborted) abandon();
      signal?.addEventListener("abort", abandon, { once: true });
      for (const at of fallbackPollTimes(this.#options.pollIntervalMs ?? 2000, deadlineMs))
        timers.push(
          setTimeout(() => {
            // Redis down: this read fails and the next one (or the deadline) tries again.
            void this.#readFinished(queue, jobId)
              .then((s) => s && resolveWaiter(s))
              .catch(() => undefined);
          }, at),
        );
      let outcome = await settled;
      signal?.removeEventListener("abort", abandon);
      if (outcome.kind === "abandoned") return { state: "pending", jobId, status: "queued" };
      if (outcome.kind === "deadline") {
        const last = await this.#readFinished(queue, jobId);
        if (!last) return { state: "pending", jobId, status: await this.#status(queue, jobId) };
        outcome = last;
      }
      return { state: "finished", jobId, result: this.#result(outcome) };
    } finally {
      for (const t of timers) clearTimeout(t);
      this.#waiters.delete(jobId);
    }
  }

  /** Reads a job by id across the queues, or null when it does not exist (never did, or its TTL passed). */
  async getJob(jobId: string): Promise<JobView<Payload, Result> | null> {
    for (const [name, queue] of this.#queues) {
      // State first, then the job: a job read before it finished carries no return value even when its state,
      // read a moment later, says completed (the race answered a paid call with a 500).
      const state = await queue.getJobState(jobId);
      if (state === "unknown") continue;
      const job = await Job.fromId<Payload>(queue, jobId);
      if (!job) continue;
      const status = toStatus(state);
      let result: Result | null = null;
      if (state === "completed") result = (job.returnvalue as Result | null) ?? null;
      else if (state === "failed") result = this.#result({ kind: "failed", reason: job.failedReason });
      return { jobId, queue: name, payload: job.data, status: result ? status : toStatus("active"), result };
    }
    return null;
  }

  /** The Queue objects (for metrics and tests). */
  queue(name: string): Queue {
    return this.#queue(name);
  }

  async close(): Promise<void> {
    await this.#subscriber?.quit().catch(() => this.#subscriber?.disconnect());
    await Promise.all([...this.#queues.values()].map((q) => q.close()));
  }

  #queue(name: string): Queue {
    const queue = this.#queues.get(name);
    if (!queue) throw new Error(`queue ${name} is not opened by this bridge`);
    return queue;
  }

  #settle(jobId: string, settled: Settled) {
    this.#waiters.get(jobId)?.settle(settled);
  }

  /** A finished job's result: the worker's, or the user's `failed` answer for a job that produced none. */
  #result(settled: Settled): Result {
    if (settled.kind === "completed") return settled.value as Result;
    if (settled.kind === "failed") return this.#options.failed({ kind: "failed", reason: settled.reason });
    return this.#options.failed({ kind: "lost" });
  }

  /**
   * The job's outcome when it finished, else null, in one command (issue 26: a waiting call's reads are its only Redis
   * work that grows with the wait; `getJobState` was a script of up to 8 commands, then `Job.fromId`). One HMGET of
   * the fields BullMQ's `moveToFinished` writes together (`returnvalue` or `failedReason`, with `finishedOn`, in one
   * HSET): `finishedOn` is set only once a job completed or failed for good (a retried attempt leaves it unset), so
   * the fields are never seen half-written — the race of reading the job before its state (a completed job without
   * its return value, answered as a 500 after the worker had charged it) cannot happen.
   */
  async #readFinished(queue: Queue, jobId: string): Promise<Settled | null> {
    const [timestamp, finishedOn, returnvalue, failedReason] = await this.#options.connection.hmget(
      queue.toKey(jobId),
      "timestamp",
      "finishedOn",
      "returnvalue",
      "failedReason",
    );
    // Only called for jobs this bridge added and still waits for (finished jobs are kept resultTtlSeconds): a job
    // that does not exist was lost with Redis.
    if (timestamp == null) return { kind: "lost" };
    if (finishedOn == null) return null;
    if (returnvalue == null) return { kind: "failed", reason: failedReason ?? "" };
    const value = parseReturnValue(returnvalue);
    return value === null || value === undefined ? null : { kind: "completed", value };
  }

  async #status(queue: Queue, jobId: string): Promise<JobStatus> {
    const job = await Job.fromId(queue, jobId);
    return job ? toStatus(await job.getState()) : "queued";
  }
}

/** A stored `returnvalue` as BullMQ's `Job.fromJSON` reads it: JSON, or the text itself when it is not JSON. */
function parseReturnValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toStatus(state: string): JobStatus {
  if (state === "completed") return "completed";
  if (state === "failed") return "failed";
  if (state === "active") return "running";
  return "queued";
}
