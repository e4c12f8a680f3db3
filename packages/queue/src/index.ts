export { QueueBridge, type QueueBridgeOptions } from "./bridge.ts";
export {
  createRedis,
  deleteKeysUnder,
  queuePrefix,
  redisReady,
  redisTarget,
  withOwnConnection,
} from "./connection.ts";
export type { JobFailure, JobStatus } from "./job.ts";
export {
  enqueue,
  enqueueBulk,
  jobCatalog,
  jobQueue,
  scheduleJobs,
  webhookAttemptJobId,
} from "./job-catalog.ts";
export {
  type BatchItemJob,
  type CallJob,
  type CanaryJob,
  type EstimateJob,
  jobParser,
  type MonitorRunJob,
  type MonitorRunJobData,
  type PlatformJob,
  platformJobSchema,
  type WebhookAttemptJob,
} from "./job-schemas.ts";
export { CallSpan } from "./spans.ts";
export { createQueueWorker, isFinalAttempt } from "./worker.ts";
