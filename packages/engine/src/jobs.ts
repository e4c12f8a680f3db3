import { z } from "zod";

/**
 * The kinds of job the engine runs, one zod schema each, checked at the worker boundary (`createQueueWorker`'s
 * `parse`): a job whose data is not exactly one of them (another build's, a hand edit, a bug) is logged and failed
 * as unrecoverable — never run, so it moves no credit. The platform queues carry {@link PlatformJob}s (a direct API
 * call, an estimate, a batch item), told apart by `kind`; the `monitors` queue carries {@link MonitorRunJob}s.
 *
 * A call's `params` are what the gateway's parse of the operation's schema produced (plain JSON: ids, enums,
 * numbers), so the worker does not parse them again; a batch item's are the caller's raw values as stored with the
 * batch, parsed once, by the worker.
 */

/** Prefixed ids as `newId` makes them; tests' own (`key_engine`) pass too. */
const id = (prefix: string) => z.string().regex(new RegExp(`^${prefix}_[A-Za-z0-9_-]{1,64}$`));
const operationId = z.string().regex(/^[a-z][a-z0-9]*\.[a-z][a-z0-9-]*$/);
const params = z.record(z.string(), z.unknown());

/** What every call job names: its request id (the ledger's key), who pays, and the operation. */
const callIdentity = {
  requestId: id("req"),
  accountId: id("acct"),
  keyId: id("key"),
  operationId,
  /** Epoch ms at enqueue. */
  enqueuedAt: z.number().int().nonnegative(),
  /** The waiting gateway's reply channel (set by its bridge). */
  replyTo: z.string().min(1).max(200).optional(),
};

/**
 * A direct API call: the gateway validated `params` (parsed), and holds `hold.credits` for `requestId` — already
 * (`speculative: false`), or still reserving when the job was added (`speculative: true`: the worker waits for the
 * gateway's hold word before it runs anything, see `hold-words.ts`).
 */
export const callJobSchema = z.strictObject({
  kind: z.literal("call"),
  ...callIdentity,
  /** The operation's parsed parameters. */
  params,
  /** The caller asked for the result cache (answers `MISS` rather than `BYPASS`). */
  cacheRequested: z.boolean(),
  hold: z.strictObject({ credits: z.number().int().nonnegative(), speculative: z.boolean() }),
});
export type CallJob = z.output<typeof callJobSchema>;

/** `GET /v1/utilities/estimate` of an operation with an estimate function: free, nothing held (parsed `params`). */
export const estimateJobSchema = z.strictObject({ kind: z.literal("estimate"), ...callIdentity, params });
export type EstimateJob = z.output<typeof estimateJobSchema>;

/**
 * One item of a batch: a call that did not pass the gateway (nothing held yet), with the caller's raw `params` as
 * stored; the worker plans it (cache, reservation) and runs it. Its job id is its request id.
 */
export const batchItemJobSchema = z.strictObject({
  kind: z.literal("batch-item"),
  ...callIdentity,
  params,
  batchId: id("bat"),
  index: z.number().int().nonnegative(),
});
export type BatchItemJob = z.output<typeof batchItemJobSchema>;

/** Every job of a platform queue. */
export const platformJobSchema = z.discriminatedUnion("kind", [
  callJobSchema,
  estimateJobSchema,
  batchItemJobSchema,
]);
export type PlatformJob = z.output<typeof platformJobSchema>;

/**
 * One run of a monitor (a job scheduler's iteration, or `runNow`). `kind` is optional in the data: schedulers written
 * before it existed still produce `{ monitorId, trigger }`.
 */
export const monitorRunJobSchema = z.strictObject({
  kind: z.literal("monitor-run").default("monitor-run"),
  monitorId: id("mon"),
  /** `schedule` (a job scheduler's iteration) or `manual` (`MonitorScheduler.runNow`). */
  trigger: z.enum(["schedule", "manual"]),
});
export type MonitorRunJob = z.output<typeof monitorRunJobSchema>;
/** A monitor run job's data as producers may write it (`kind` optional). */
export type MonitorRunJobData = z.input<typeof monitorRunJobSchema>;

/** Every kind of job the engine knows. */
export type EngineJob = PlatformJob | MonitorRunJob;

/**
 * Thrown by {@link jobParser}'s parser for data that is no job of its schema; the message names the first problems
 * (paths and reasons, never the values: they may hold a caller's parameters).
 */
export class MalformedJobError extends Error {
  override name = "MalformedJobError";
}

/** The `parse` of a queue worker for one schema: @returns the typed job. @throws MalformedJobError. */
export function jobParser<S extends z.ZodType>(schema: S): (data: unknown) => z.output<S> {
  return (data) => {
    const parsed = schema.safeParse(data);
    if (parsed.success) return parsed.data;
    const problems = parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
    throw new MalformedJobError(problems.join("; "));
  };
}

/** Run-time facts of one attempt of a job, for its runner. */
export interface JobRun {
  jobId: string;
  /** Aborted when the worker shuts down. */
  signal: AbortSignal;
  /** BullMQ will not retry this attempt if it throws: an unexpected error then releases the call's hold. */
  finalAttempt: boolean;
  /** The job's first run (no earlier attempt, never stalled): no earlier charge to look for. */
  firstRun: boolean;
}

/** One small runner per kind of platform job, as a worker process wires them. */
export type PlatformJobRunners<R> = {
  [K in PlatformJob["kind"]]: (job: Extract<PlatformJob, { kind: K }>, run: JobRun) => Promise<R>;
};

/** Runs a platform job with the runner of its kind. */
export function runPlatformJob<R>(runners: PlatformJobRunners<R>, job: PlatformJob, run: JobRun): Promise<R> {
  switch (job.kind) {
    case "call":
      return runners.call(job, run);
    case "estimate":
      return runners.estimate(job, run);
    case "batch-item":
      return runners["batch-item"](job, run);
  }
}
