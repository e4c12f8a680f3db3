/**
 * History (SPEC §1): metric time series of platform resources. Successful details calls (and monitor runs, which go
 * through the same engine) append snapshots through {@link createHistoryObserver}; `GET /v1/history` reads them with
 * {@link readHistory}. Which operations record what is declared by the platform packages (`src/history.ts`) and
 * composed in `@sda/catalog` (`history`).
 */
export { type LocatedUrl, locateUrl } from "./locate.ts";
export { createHistoryObserver, type HistoryObserver, type ObservedCall } from "./observer.ts";
export { metricSnapshotPartitions } from "./partitions.ts";
export {
  DEFAULT_RANGE_DAYS,
  type HistoryAnswer,
  type HistoryQuery,
  historyQueryParams,
  MAX_RANGE_DAYS,
  readHistory,
} from "./query.ts";
export { historyResource } from "./resources.ts";
export {
  type HistoryInterval,
  HistoryStore,
  type MetricPoint,
  minuteOf,
  type SeriesQuery,
  type SnapshotInput,
} from "./store.ts";
