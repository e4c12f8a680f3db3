export {
  type BatchCompletedEvent,
  BatchCompletion,
  completedEvent,
  WEBHOOK_CLAIM_STALE_MS,
} from "./completion.ts";
export { BatchDispatcher, type DispatcherOptions, itemPayload } from "./dispatcher.ts";
export { batchCompletedEvent } from "./events.ts";
export {
  BATCH_CSV_COLUMNS,
  type BatchExportFormat,
  batchExportTypes,
  downloadHeaders,
  exportChunk,
} from "./export.ts";
export { itemOutcome, logBatchItem } from "./outcome.ts";
export {
  type BatchItemProblem,
  canonicalJson,
  MAX_BATCH_CALLS,
  MAX_BATCH_LABEL,
  type PreparedBatch,
  type PreparedCall,
  prepareBatch,
  requestHash,
} from "./prepare.ts";
export { batchPage, batchResource, batchResultsPage, batchSubmitted } from "./resources.ts";
export { BatchItemRunner } from "./run-item.ts";
export { BatchRuntime, type BatchRuntimeOptions } from "./runtime.ts";
export {
  type BatchPrincipal,
  type BatchReader,
  BatchService,
  batchListQuery,
  batchResultsQuery,
  type Page,
  type SubmitResponse,
} from "./service.ts";
export {
  type BatchItemRow,
  type BatchRow,
  type BatchShare,
  BatchStore,
  type ClaimedItem,
  type ItemOutcome,
  type NewBatch,
} from "./store.ts";
export { type BatchSweeperOptions, type SweepReport, startBatchSweeper } from "./sweeper.ts";
export { type BatchItemView, type BatchSummary, batchItemView, batchSummary, batchUrls } from "./views.ts";
