import { isStoreUnreachable, newId } from "@sda/core";
import { Job, Queue, QueueEvents } from "bullmq";
import type { Redis } from "ioredis";
import { internalErrorResult, type JobPayload, type JobResult, type JobStatus } from "./job.ts";
import { CallSpan } from "./spans.ts";

/** The gateway's enqueue-and-wait of a call (see {@link CallSpan}). */
const submitSpan = new CallSpan("sda:queue:submit");

export interface QueueBridgeOptions {
  /** Shared connection for the queues (producers); QueueEvents open their own blocking connections from it. */
  connection: Redis;
  prefix: string;
  queues: readonly string[];
  /** Seconds a finished job (and its result) is kept for `GET /v1/jobs/{id}`. */
  resultTtlSeconds: number;
  /** Attempts of a job whose worker crashed or threw unexpectedly. */
  attempts: number;
  /** How often a waiter re-reads the job state in case a completion event was missed (ms, default 2000). */
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
  | { kind: "deadline" };

/**
 * The gateway's side of the queue: enqueue a call and wait for it up to the deadline (SPEC §8: 110 s).
 *
 * The completion listener is registered before the job is added (a fast worker can finish before `add` returns),
 * raced against the deadline, and backed by reading the job's state (events can be missed across a Redis reconnect).
 * Jobs are kept `resultTtlSeconds` after they finish, never removed on completion, so a waiter or a later
 * `GET /v1/jobs/{id}` can always read the result.
 */
export class QueueBridge {
  readonly #options: QueueBridgeOptions;
  readonly #queues = new Map<string, Queue>();
  readonly #events: QueueEvents[] = [];
  readonly #waiters = new Map<string, (settled: Settled) => void>();

  constructor(options: QueueBridgeOptions) {
    this.#options = options;
  }

  /** Opens the queues and their event streams; resolves when events are being read. */
  async start(): Promise<void> {
    const { connection, prefix } = this.#options;
    for (const name of this.#options.queues) {
      const queue = new Queue(name, { connection, prefix });
      // Connection errors surface through the calls themselves (503); the events only need a listener.
      queue.on("error", () => undefined);
      this.#queues.set(name, queue);
      // Blocking reads wait through reconnects, whatever the producer connection does.
      const reader = connection.duplicate({ maxRetriesPerRequest: null, enableOfflineQueue: true });
      const events = new QueueEvents(name, { connection: reader, prefix });
      events.on("error", () => undefined);
      events.on("completed", ({ jobId, returnvalue }) => {
        if (!this.#waiters.has(jobId)) return;
        answerFirst(reader);
        this.#settle(jobId, { kind: "completed", value: returnvalue });
      });
      // A failed attempt that will be retried also emits `failed`: settle only once the job is in the failed set.
      events.on("failed", ({ jobId }) => {
        if (!this.#waiters.has(jobId)) return;
        void this.#readFinished(this.#queue(name), jobId)
          .then((s) => s && this.#settle(jobId, s))
          .catch(() => undefined);
      });
      this.#events.push(events);
    }
    await Promise.all(this.#events.map((e) => e.waitUntilReady()));
  }

  /**
   * Adds the call as a job and waits for it until `deadlineMs` elapses.
   * @returns `finished` with the worker's result, or `pending` with the job id (the job keeps running).
   */
  submit(queueName: string, payload: JobPayload, deadlineMs: number): Promise<SubmitOutcome> {
    const jobId = newId("job");
    return submitSpan.run({ jobId, operation: payload.operationId }, () =>
      this.#submit(queueName, jobId, payload, deadlineMs),
    );
  }

  async #submit(
    queueName: string,
    jobId: string,
    payload: JobPayload,
    deadlineMs: number,
  ): Promise<SubmitOutcome> {
    const queue = this.#queue(queueName);
    let resolveWaiter!: (settled: Settled) => void;
    const settled = new Promise<Settled>((resolve) => {
      resolveWaiter = resolve;
    });
    this.#waiters.set(jobId, resolveWaiter);
    const timers: NodeJS.Timeout[] = [];
    try {
      await queue.add(payload.operationId, payload, {
        jobId,
        attempts: this.#options.attempts,
        backoff: { type: "exponential", delay: 500 },
        removeOnComplete: { age: this.#options.resultTtlSeconds },
        removeOnFail: { age: this.#options.resultTtlSeconds },
      });
      timers.push(setTimeout(() => resolveWaiter({ kind: "deadline" }), deadlineMs));
      const poll = setInterval(() => {
        // Redis down: this poll fails and the next one (or the deadline) tries again.
        void this.#readFinished(queue, jobId)
          .then((s) => s && resolveWaiter(s))
          .catch(() => undefined);
      }, this.#options.pollIntervalMs ?? 2000);
      timers.push(poll);
      let outcome = await settled;
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
    await Promise.all(this.#events.map((e) => e.close()));
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

/**
 * Holds back the event reader's next `XREAD` until the answers its events resolved are written: QueueEvents issues
 * it as soon as it has emitted a batch of events, before the waiters' promise continuations run, so the HTTP answer
 * of a completed call waited for that socket write (a loopback write wakes Redis: 0.1–0.5 ms on a busy 2-core
 * machine, measured by a CPU profile). Writes made meanwhile are buffered, not lost; `setImmediate` runs after every
 * microtask of the current turn, i.e. after the answers.
 */
function answerFirst(reader: Redis) {
  const socket = reader.stream as (Redis["stream"] & { writableCorked?: number }) | undefined;
  if (!socket || socket.writableCorked) return;
  socket.cork();
  setImmediate(() => socket.uncork());
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
