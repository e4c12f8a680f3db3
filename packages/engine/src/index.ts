export { type EstimateResult, runEstimateJob } from "./estimate.ts";
export { callOfJob } from "./job-call.ts";
export { type CacheStatus, internalErrorResult, type JobResult } from "./job-result.ts";
export {
  type BatchItemJob,
  type JobRun,
  type MonitorRunJob,
  type MonitorRunJobData,
  type PlatformJobRunners,
  runPlatformJob,
} from "./jobs.ts";
export { admitted, type CallPrincipal, holdFor, planCall, validateCallParams } from "./plan.ts";
export { ReleaseRetrier } from "./releases.ts";
export { Reservation } from "./reservation.ts";
export { ResultCache } from "./result-cache.ts";
export { type CallSuccess, type EngineDeps, UnknownOperationError } from "./run-call.ts";
export { planAndRunCall, runCallJob } from "./runners.ts";
export {
  type CallBridge,
  type CallOutcome,
  createCallBridge,
  type SubmitCallOptions,
  type SubmitDeps,
  submitCall,
  submitEstimate,
} from "./submit.ts";
export { startReservationSweeper } from "./sweeper.ts";
