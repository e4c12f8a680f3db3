export { batchCompletedEvent } from "./events.ts";
export { downloadHeaders } from "./export.ts";
export { requestHash } from "./prepare.ts";
export { batchPage, batchResource, batchResultsPage, batchSubmitted } from "./resources.ts";
export { BatchItemRunner } from "./run-item.ts";
export { BatchRuntime } from "./runtime.ts";
export { BatchService, batchListQuery, batchResultsQuery } from "./service.ts";
export { startBatchSweeper } from "./sweeper.ts";
export type { BatchSummary } from "./views.ts";
