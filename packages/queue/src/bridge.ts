import { isStoreUnreachable, newId } from "@sda/core";
import { Job, Queue } from "bullmq";
import type { Redis } from "ioredis";
import { internalErrorResult, type JobPayload, type JobResult, type JobStatus } from "./job.ts";
import { decodeReply, replyChannel } from "./reply.ts";
import { CallSpan } from "./spans.ts";

/** The gateway's enqueue-and-wait of a call (see {@link CallSpan}). */
const submitSpan = new CallSpan("sda:queue:submit");

export interface QueueBridgeOptions {
  /** Shared connection for the queues (producers); the reply channel's subscriber is a duplicate of it. */
  connection: Redis;
  prefix: string;
  queues: readonly string[];
  /** Seconds a finished job (and its result) is kept for `GET /v1/jobs/{id}`. */
  resultTtlSeconds: number;
  /** Attempts of a job whose worker crashed or threw unexpectedly. */
  attempts: number;
  /** How often a waiter re-reads the job state in case its reply was missed (ms, default 2000). */
  pollIntervalMs?: number;
}

/** Result of {@link QueueBridge.submit}: the finished call, or a handle when the deadline passed first. */
export type SubmitOutcome =
  | { state: "finished"; jobId: string; result: JobResult }
  | { state: "pending"; jobId: string; status: JobStatus };

/** A job as `GET /v1/jobs/{id}` sees it. */
export interface JobView {
  jobId: string;
  queue: string;
  payload: JobPayload;
  status: JobStatus;
  result: JobResult | null;
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
 * The gateway's side of the queue: enqueue a call and wait for it up to the deadline (SPEC §8: 110 s).
 *
 * Each bridge subscribes to a reply channel of its own (`reply.ts`) and names it in every job it adds; the worker
 * publishes the outcome there. The waiter is registered before the job is added (a fast worker can finish before
 * `add` returns), raced against the deadline, and backed by reading the job's state every `pollIntervalMs` (a reply
 * published while the subscriber reconnected is lost; a job failed by BullMQ's stalled check publishes nothing).
 * Jobs are kept `resultTtlSeconds` after they finish, never removed on completion, so a waiter or a later
 * `GET /v1/jobs/{id}` can always read the result.
 */
export class QueueBridge {
  readonly #options: QueueBridgeOptions;
  readonly #queues = new Map<string, Queue>();
  readonly #waiters = new Map<string, (settled: Settled) => void>();
  readonly #channel: string;
  #subscriber: Redis | undefined;

  constructor(options: QueueBridgeOptions) {
    this.#options = options;
    this.#channel = replyChannel(options.prefix, newId("gw"));
  }

  /** Opens the queues and subscribes to the reply channel; resolves when replies are being received. */
  async start(): Promise<void> {
    const { connection, prefix } = this.#options;
    for (const name of this.#options.queues) {
      const queue = new Queue(name, { connection, prefix });
      // Connection errors surface through the calls themselves (503); the events only need a listener.
      queue.on("error", () => undefined);
      this.#queues.set(name, queue);
    }
    // Subscribed through reconnects (ioredis subscribes again), whatever the producer connection does.
    const subscriber = connection.duplicate({ maxRetriesPerRequest: null, enableOfflineQueue: true });
    subscriber.on("error", () => undefined);
    subscriber.on("message", (_channel: string, text: string) => {
      const reply = decodeReply(text);
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
  }

  /**
   * Adds the call as a job and waits for it until `deadlineMs` elapses, or until `signal` aborts (the caller stops
   * waiting: `pending`, no further reads).
   * @returns `finished` with the worker's result, or `pending` with the job id (the job keeps running).
   */
  submit(
    queueName: string,
    payload: JobPayload,
    deadlineMs: number,
    signal?: AbortSignal,
  ): Promise<SubmitOutcome> {
    const jobId = newId("job");
    return submitSpan.run({ jobId, operation: payload.operationId }, () =>
      this.#submit(queueName, jobId, payload, deadlineMs, signal),
    );
  }

  async #submit(
    queueName: string,
    jobId: string,
    payload: JobPayload,
    deadlineMs: number,
    signal?: AbortSignal,
  ): Promise<SubmitOutcome> {
    const queue = this.#queue(queueName);
    let resolveWaiter!: (settled: Settled) => void;
    const settled = new Promise<Settled>((resolve) => {
      resolveWaiter = resolve;
    });
    this.#waiters.set(jobId, resolveWaiter);
    const timers: NodeJS.Timeout[] = [];
    try {
      await queue.add(
        payload.operationId,
        { ...payload, replyTo: this.#channel },
        {
          jobId,
          attempts: this.#options.attempts,
          backoff: { type: "exponential", delay: 500 },
          removeOnComplete: { age: this.#options.resultTtlSeconds },
          removeOnFail: { age: this.#options.resultTtlSeconds },
        },
      );
      timers.push(setTimeout(() => resolveWaiter({ kind: "deadline" }), deadlineMs));
      const abandon = () => resolveWaiter({ kind: "abandoned" });
      if (signal?.aborted) abandon();
      signal?.addEventListener("abort", abandon, { once: true });
      const poll = setInterval(() => {
        // Redis down: this poll fails and the next one (or the deadline) tries again.
        void this.#readFinished(queue, jobId)
          .then((s) => s && resolveWaiter(s))
          .catch(() => undefined);
      }, this.#options.pollIntervalMs ?? 2000);
      timers.push(poll);
      let outcome = await settled;
      signal?.removeEventListener("abort", abandon);
      if (outcome.kind === "abandoned") return { state: "pending", jobId, status: "queued" };
      if (outcome.kind === "deadline") {
        const last = await this.#readFinished(queue, jobId);
        if (!last) return { state: "pending", jobId, status: await this.#status(queue, jobId) };
        outcome = last;
      }
      return { state: "finished", jobId, result: toResult(outcome) };
    } finally {
      for (const t of timers) clearTimeout(t);
      this.#waiters.delete(jobId);
    }
  }

  /** Reads a job by id across the queues, or null when it does not exist (never did, or its TTL passed). */
  async getJob(jobId: string): Promise<JobView | null> {
    for (const [name, queue] of this.#queues) {
      // State first, then the job: a job read before it finished carries no return value even when its state,
      // read a moment later, says completed (the race answered a paid call with a 500).
      const state = await queue.getJobState(jobId);
      if (state === "unknown") continue;
      const job = await Job.fromId<JobPayload>(queue, jobId);
      if (!job) continue;
      const status = toStatus(state);
      let result: JobResult | null = null;
      if (state === "completed") result = (job.returnvalue as JobResult | null) ?? null;
      else if (state === "failed") result = toResult({ kind: "failed", reason: job.failedReason });
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
    this.#waiters.get(jobId)?.(settled);
  }

  /**
   * The job's outcome when it finished, else null. Reads the state BEFORE the job: a job object read first and
   * completed a moment later has a null return value although its state says completed, and was answered as a 500
   * after the worker had charged it. A completed job without a return value yet is treated as not finished.
   */
  async #readFinished(queue: Queue, jobId: string): Promise<Settled | null> {
    // Only called for jobs this bridge added and still waits for (finished jobs are kept resultTtlSeconds): a job
    // that does not exist was lost with Redis.
    const state = await queue.getJobState(jobId);
    if (state === "unknown") return { kind: "lost" };
    if (state !== "completed" && state !== "failed") return null;
    const job = await Job.fromId(queue, jobId);
    if (!job) return { kind: "lost" };
    if (state === "failed") return { kind: "failed", reason: job.failedReason };
    if (job.returnvalue === null || job.returnvalue === undefined) return null;
    return { kind: "completed", value: job.returnvalue };
  }

  async #status(queue: Queue, jobId: string): Promise<JobStatus> {
    const job = await Job.fromId(queue, jobId);
    return job ? toStatus(await job.getState()) : "queued";
  }
}

function toStatus(state: string): JobStatus {
  if (state === "completed") return "completed";
  if (state === "failed") return "failed";
  if (state === "active") return "running";
  return "queued";
}

/** A job that failed for good (crash loop, unexpected error) is answered as a retryable 500. */
function toResult(settled: Settled): JobResult {
  if (settled.kind === "completed") return settled.value as JobResult;
  // Failed for good because PostgreSQL or Redis stayed unreachable through every attempt: a 503, not a bug.
  if (settled.kind === "lost" || (settled.kind === "failed" && isStoreUnreachable(settled.reason)))
    return {
      ok: false,
      credits: 0,
      error: {
        code: "service_unavailable",
        message: "the service could not reach its data stores for this call; it was not billed, retry it",
        retryable: true,
        retryAfterSeconds: 2,
        details: {},
      },
    };
  return internalErrorResult();
}
