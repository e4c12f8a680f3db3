import type { PlatformJob } from "@sda/queue";

/**
 * The kinds of job the engine runs are the job catalog's (`@sda/queue`'s `jobCatalog`: schema, queue, attempts,
 * backoff, retention), checked at the worker boundary (`createQueueWorker`'s `parse`): a job whose data is not
 * exactly one of them is logged and failed as unrecoverable — never run, so it moves no credit. Their types are
 * re-exported here, where the engine's runners and their callers have always found them.
 */
export type {
  BatchItemJob,
  CallJob,
  EstimateJob,
  MonitorRunJob,
  MonitorRunJobData,
  PlatformJob,
} from "@sda/queue";

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
