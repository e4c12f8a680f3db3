/**
 * History (SPEC §1): metric time series of platform resources. Successful details calls (and monitor runs, which go
 * through the same engine) append snapshots through {@link createHistoryObserver}; `GET /v1/history` reads them with
 * {@link readHistory}. Which operations record what is declared by the platform packages (`src/history.ts`) and
 * composed in `@sda/catalog` (`history`).
 */
export * from "./locate.ts";
export * from "./observer.ts";
export * from "./partitions.ts";
export * from "./query.ts";
export * from "./store.ts";
