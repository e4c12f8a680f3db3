/**
 * History (SPEC §1): metric time series of platform resources. Successful details calls (and monitor runs, which go
 * through the same engine) append snapshots through {@link createHistoryObserver}; `GET /v1/history` reads them with
 * {@link readHistory}. Which operations record what is declared by the platform packages (`src/history.ts`) and
 * composed in `@sda/catalog` (`history`).
 */
export { HISTORY_ERROR_CODES } from "./errors.ts";
export { type LocatedUrl, locateUrl } from "./locate.ts";
export { createHistoryObserver } from "./observer.ts";
export { metricRollupPartitions, metricSnapshotPartitions } from "./partitions.ts";
export { historyQueryParams, readHistory } from "./query.ts";
export { historyResource } from "./resources.ts";
export { HistoryStore } from "./store.ts";
