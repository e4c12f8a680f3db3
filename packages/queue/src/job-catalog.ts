import type { Job, JobsOptions, Queue, RepeatOptions } from "bullmq";
import type { z } from "zod";
import {
  batchItemJobSchema,
  callJobSchema,
  canaryJobSchema,
  estimateJobSchema,
  monitorRunJobSchema,
  webhookAttemptJobSchema,
} from "./job-schemas.ts";

/**
 * How long BullMQ keeps a finished job: `{ age }` in seconds, or a number of the newest jobs. Never `true` (removed
 * at once): a producer awaiting a job (the gateway's bridge, `GET /v1/jobs/{id}`) would read a job that is gone — the
 * result of a paid call lost after it was charged.
 */
type JobRetention = { age: number } | number;

/** How BullMQ retries and keeps one kind's jobs (their `JobsOptions`). */
export interface JobPolicy {
  /** Runs of a job whose processor threw (BullMQ's default, 1, when absent). */
  attempts?: number;
  /** The wait before each retry: `delay` ms, doubled each time. */
  backoff?: { type: "exponential"; delay: number };
  /** BullMQ priority (lower runs first; jobs without one run before any prioritized job). */
  priority?: number;
  removeOnComplete: JobRetention;
  removeOnFail: JobRetention;
}

/**
 * The policy of a kind a producer waits for: kept by age, so a job is readable for as long as its result is promised
 * (a count could drop a result still waited for under load). The catalog's types make this a compile error.
 */
interface AwaitedJobPolicy extends JobPolicy {
  removeOnComplete: { age: number };
  removeOnFail: { age: number };
}

/** The policy settings of kinds configured by the environment: `JOB_ATTEMPTS` and the seconds jobs are kept. */
interface ConfiguredJobPolicy {
  attempts: number;
  /** Seconds a finished job is kept (`RESULT_TTL_SECONDS`, or longer for a call an `Idempotency-Key` may replay). */
  retentionSeconds: number;
}

/** The queue of a job that calls an operation: the operation's own (`OperationSpec.queue`). */
type OperationQueue = (op: { queue: string }) => string;

/** One kind of job: where it goes, what its data is, and how BullMQ retries and keeps it. */
export interface JobKindSpec<S extends z.ZodType, Q extends string | OperationQueue, A extends boolean, P> {
  /** The queue: a fixed name, or the operation's queue for jobs that call one. */
  queue: Q;
  /** The job's data, parsed at the consumer boundary. */
  schema: S;
  /** The BullMQ job name: fixed, or from the data (the operation id of a call). */
  name: string | ((data: z.input<S>) => string);
  /** The job id, when the kind has one from its data: adding the job again is then a no-op while it exists. */
  jobId?: (data: z.input<S>) => string;
  /** A producer waits for the job's result: its retention must be an age at least the result's lifetime. */
  awaited: A;
  /** Attempts, backoff and retention (from the producer's settings `P` for kinds the environment configures). */
  policy: (settings: P) => A extends true ? AwaitedJobPolicy : JobPolicy;
}

/** One catalog entry, its queue name and `awaited` kept as literal types (`"monitors"`, `true`). */
function jobKind<
  S extends z.ZodType,
  const Q extends string | OperationQueue,
  const A extends boolean,
  P = undefined,
>(spec: JobKindSpec<S, Q, A, P>): JobKindSpec<S, Q, A, P> {
  return spec;
}

const operationQueue: OperationQueue = (op) => op.queue;
const byOperation = (data: { operationId: string }) => data.operationId;

/**
 * A job that calls an operation (a direct call, an estimate, a batch item): retried after a crash `JOB_ATTEMPTS`
 * times, 0.5 s then doubling (the request id makes a retry unable to charge twice); kept `retentionSeconds` after it
 * finishes, completed or failed alike, so a waiter or a later `GET /v1/jobs/{id}` can always read it.
 */
const operationJobPolicy = ({ attempts, retentionSeconds }: ConfiguredJobPolicy): AwaitedJobPolicy => ({
  attempts,
  backoff: { type: "exponential", delay: 500 },
  removeOnComplete: { age: retentionSeconds },
  removeOnFail: { age: retentionSeconds },
});

/**
 * BullMQ priority of batch item jobs. BullMQ takes every job without a priority (the direct calls) before any
 * prioritized one, so a queue full of batch items never delays a direct call by more than the jobs already running.
 */
export const BATCH_JOB_PRIORITY = 100;

/** Job id of one webhook attempt: `<deliveryId>-<attempt>`. BullMQ ignores an add whose id exists (re-adds dedupe). */
export function webhookAttemptJobId(data: { deliveryId: string; attempt: number }): string {
  return `${data.deliveryId}-${data.attempt}`;
}

/**
 * Every kind of job the service runs, in one object (in the spirit of Trigger.dev's `WorkerCatalog`): its queue, the
 * zod schema of its data, its job name and id, attempts, backoff and retention. Producers add jobs only through
 * {@link enqueue}, {@link enqueueBulk}, {@link scheduleJobs} or {@link jobOptions}; every consumer parses a job's
 * data with its kind's schema at the boundary (`createQueueWorker`'s `parse`, `jobParser`). docs/architecture.md
 * ("Job catalog") has the table.
 *
 * `attempts` covers crashes and unexpected errors only: an expected failure is a result (a call's error answer, a
 * webhook attempt's recorded non-2xx followed by a new delayed job), never a BullMQ retry.
 */
export const jobCatalog = {
  /** A direct API call (the gateway waits for it). */
  call: jobKind({
    queue: operationQueue,
    schema: callJobSchema,
    name: byOperation,
    awaited: true,
    policy: operationJobPolicy,
  }),
  /** `GET /v1/utilities/estimate` (the gateway waits for it). */
  estimate: jobKind({
    queue: operationQueue,
    schema: estimateJobSchema,
    name: byOperation,
    awaited: true,
    policy: operationJobPolicy,
  }),
  /**
   * One batch item, its job id its request id (re-adding it after a crash between claim and add is a no-op while
   * the job exists); kept `RESULT_TTL_SECONDS` (results live in PostgreSQL: this only dedupes re-adds).
   */
  "batch-item": jobKind({
    queue: operationQueue,
    schema: batchItemJobSchema,
    name: byOperation,
    jobId: (data) => data.requestId,
    awaited: false,
    policy: (settings: ConfiguredJobPolicy) => ({
      ...operationJobPolicy(settings),
      priority: BATCH_JOB_PRIORITY,
    }),
  }),
  /**
   * One monitor run (a job scheduler's iteration `repeat:<monitorId>:<ms>`, or `manual-<monitorId>-<suffix>`):
   * retried after a crash (the run resumes), kept a day completed and a week failed for inspection.
   */
  "monitor-run": jobKind({
    queue: "monitors",
    schema: monitorRunJobSchema,
    name: "run",
    awaited: false,
    policy: () => ({
      attempts: 3,
      backoff: { type: "exponential", delay: 1000 },
      removeOnComplete: { age: 86_400 },
      removeOnFail: { age: 7 * 86_400 },
    }),
  }),
  /**
   * One attempt of one webhook delivery, id `<deliveryId>-<attempt>` (each attempt enqueued at most once).
   * `attempts` only covers crashes of the processor (database down); kept the webhook config's
   * `jobRetentionSeconds` (nothing in Redis without an age bound).
   */
  "webhook-attempt": jobKind({
    queue: "webhooks",
    schema: webhookAttemptJobSchema,
    name: "attempt",
    jobId: webhookAttemptJobId,
    awaited: false,
    policy: ({ retentionSeconds }: { retentionSeconds: number }) => ({
      attempts: 5,
      backoff: { type: "exponential", delay: 1_000 },
      removeOnComplete: { age: retentionSeconds },
      removeOnFail: { age: retentionSeconds },
    }),
  }),
  /** One run of the canary calls (the canary job scheduler's iteration): never retried, the last 20 kept. */
  canary: jobKind({
    queue: "canary",
    schema: canaryJobSchema,
    name: "canary",
    awaited: false,
    policy: () => ({ removeOnComplete: 20, removeOnFail: 20 }),
  }),
};

type Catalog = typeof jobCatalog;
/** The name of a kind of job. */
export type JobKind = keyof Catalog;
/** The data of a job of kind `K` as producers write it (the schema's input). */
type JobData<K extends JobKind> = z.input<Catalog[K]["schema"]>;
/** The kinds a producer waits for (their retention is an age: see {@link JobRetention}). */
export type AwaitedJobKind = { [K in JobKind]: Catalog[K]["awaited"] extends true ? K : never }[JobKind];
/** The kinds whose queue is their operation's. */
type OperationJobKind = { [K in JobKind]: Catalog[K]["queue"] extends string ? never : K }[JobKind];
/** The policy settings a producer of kind `K` passes (none for kinds with a fixed policy). */
type JobSettings<K extends JobKind> = Parameters<Catalog[K]["policy"]>[0] extends infer P
  ? P extends undefined
    ? Record<never, never>
    : P
  : never;

/** The queue's name of a kind with a fixed queue (`monitors`, `webhooks`, `canary`). */
export function jobQueue<K extends Exclude<JobKind, OperationJobKind>>(kind: K): Catalog[K]["queue"] {
  return jobCatalog[kind].queue;
}

/** What a producer may add to a kind's policy for one job. */
interface EnqueueOptions {
  /** The job id, for kinds without one from their data (default: BullMQ's counter). */
  jobId?: string;
  /** Wait before the job runs, in ms (0: now; rounded, never negative). */
  delayMs?: number;
}

/** Options of {@link jobOptions} and {@link enqueue} for kind `K`: its settings, if any, and the job's own. */
type OptionsArg<K extends JobKind> =
  Record<never, never> extends JobSettings<K>
    ? [options?: EnqueueOptions & JobSettings<K>]
    : [options: EnqueueOptions & JobSettings<K>];

/**
 * The BullMQ options of one job of kind `K`: its policy (from `options`' settings), its job id (the kind's from the
 * data, else `options.jobId`) and delay. For producers that add through BullMQ themselves (the gateway's bridge, whose
 * payload is its own type; `addBulk`).
 */
export function jobOptions<K extends JobKind>(
  kind: K,
  data: JobData<K> | null,
  ...[options]: OptionsArg<K>
): JobsOptions {
  const spec = jobCatalog[kind] as JobKindSpec<z.ZodType, string | OperationQueue, boolean, unknown>;
  const { jobId, delayMs, ...settings } = (options ?? {}) as EnqueueOptions & Record<string, unknown>;
  const id = data !== null && spec.jobId ? spec.jobId(data) : jobId;
  return {
    ...spec.policy(settings),
    ...(id !== undefined ? { jobId: id } : {}),
    ...(delayMs !== undefined ? { delay: Math.max(0, Math.round(delayMs)) } : {}),
  };
}

/** The BullMQ job name of `data` as kind `K` (the operation id of a call). */
function jobName<K extends JobKind>(kind: K, data: JobData<K>): string {
  const { name } = jobCatalog[kind] as { name: string | ((data: unknown) => string) };
  return typeof name === "string" ? name : name(data);
}

/** A queue that is not the kind's own is a wiring bug: thrown before anything is added. */
function checkQueue(kind: JobKind, queue: Queue): void {
  const expected = jobCatalog[kind].queue;
  if (typeof expected === "string" && queue.name !== expected)
    throw new Error(`a ${kind} job belongs on queue "${expected}", not "${queue.name}"`);
}

/**
 * Adds one job of kind `K` to `queue` (the kind's queue, or the operation's for jobs that call one) with the kind's
 * name, id and policy. An existing job with the same id is left as it is (BullMQ ignores the add).
 * @returns the job. @throws the Redis error when it could not be added; Error when `queue` is not the kind's.
 */
export function enqueue<K extends JobKind>(
  queue: Queue,
  kind: K,
  data: JobData<K>,
  ...options: OptionsArg<K>
): Promise<Job> {
  checkQueue(kind, queue);
  return queue.add(jobName(kind, data), data, jobOptions(kind, data, ...options));
}

/**
 * Adds several jobs of kind `K` to `queue` in one round trip (`addBulk`), each as {@link enqueue} would.
 * @throws the Redis error when they could not be added; Error when `queue` is not the kind's.
 */
export function enqueueBulk<K extends JobKind>(
  queue: Queue,
  kind: K,
  jobs: readonly JobData<K>[],
  ...options: OptionsArg<K>
): Promise<Job[]> {
  checkQueue(kind, queue);
  return queue.addBulk(
    jobs.map((data) => ({ name: jobName(kind, data), data, opts: jobOptions(kind, data, ...options) })),
  );
}

/**
 * Creates or replaces the job scheduler `schedulerId` on `queue`, adding one job of kind `K` with `data` at every
 * `repeat` (BullMQ derives each iteration's id, `repeat:<schedulerId>:<ms>`, so a due run is one job).
 * @throws the Redis error; Error when `queue` is not the kind's.
 */
export async function scheduleJobs<K extends JobKind>(
  queue: Queue,
  kind: K,
  schedulerId: string,
  repeat: Omit<RepeatOptions, "key">,
  data: JobData<K>,
  ...options: OptionsArg<K>
): Promise<void> {
  checkQueue(kind, queue);
  const { jobId: _id, ...opts } = jobOptions(kind, null, ...options);
  await queue.upsertJobScheduler(schedulerId, repeat, { name: jobName(kind, data), data, opts });
}
