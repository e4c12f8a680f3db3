import { z } from "zod";

/**
 * The data of every kind of job, one zod schema each (the job catalog, `job-catalog.ts`, names them with their queue
 * and retry policy), checked at the consumer boundary (`createQueueWorker`'s `parse`): a job whose data is not
 * exactly one of them (another build's, a hand edit, a bug) is logged and failed as unrecoverable — never run, so it
 * moves no credit and sends nothing. The platform queues carry {@link PlatformJob}s (a direct API call, an estimate,
 * a batch item), told apart by `kind`; `monitors` carries {@link MonitorRunJob}s, `webhooks`
 * {@link WebhookAttemptJob}s, `canary` {@link CanaryJob}s.
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
 * A direct API call: the gateway validated `params` (parsed), and holds `hold.credits` for `requestId` (it adds the job
 * only once the hold is made: reserve, then enqueue).
 */
export const callJobSchema = z.strictObject({
  kind: z.literal("call"),
  ...callIdentity,
  /** The operation's parsed parameters. */
  params,
  /** The caller asked for the result cache (answers `MISS` rather than `BYPASS`). */
  cacheRequested: z.boolean(),
  hold: z.strictObject({ credits: z.number().int().nonnegative() }),
  /** The interface the call came through, recorded on its charge (absent: `rest`). */
  channel: z.enum(["rest", "mcp"]).optional(),
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

/**
 * One attempt of one webhook delivery (`whd_…`): the worker signs and sends it, records it, and queues the next
 * attempt. Its job id is `<deliveryId>-<attempt>` (see the catalog), so each attempt is enqueued at most once.
 */
export const webhookAttemptJobSchema = z.strictObject({
  deliveryId: id("whd"),
  /** 1-based attempt number. */
  attempt: z.number().int().positive(),
  /** A replay attempt: sent once, never retried. */
  replay: z.boolean(),
});
export type WebhookAttemptJob = z.output<typeof webhookAttemptJobSchema>;

/**
 * One run of the canary calls (the canary job scheduler's iteration). It carries nothing but its kind, which is
 * optional: schedulers written before it existed produce `{}`.
 */
export const canaryJobSchema = z.strictObject({ kind: z.literal("canary").default("canary") });
export type CanaryJob = z.output<typeof canaryJobSchema>;

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
