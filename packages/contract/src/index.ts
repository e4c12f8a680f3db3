/**
 * `@sda/contract`: what a platform package declares itself with — `definePlatform` and the catalog, operation specs
 * and their handler entries, params, prices, answer shapes and envelopes, list pagers and cursors, the handler's HTTP
 * client types, and the rules a platform declares for recordings, monitors, history and politeness. Built on
 * `@sda/core` (errors, logger, store); never imported by it.
 */
export { CursorCodec, type OperationCursors } from "./cursor.ts";
export {
  anyErrorEnvelope,
  errorEnvelopeSchema,
  jobHandle,
  jobStatus,
  successEnvelopeSchema,
} from "./envelopes.ts";
export { AUDIO_ERROR_CODES, CALL_ERROR_CODES, SUMMARY_ERROR_CODES } from "./error-codes.ts";
export {
  type BoundHistorySpec,
  createHistoryCatalog,
  defineHistory,
  type HistoryCatalog,
  type HistoryDeclaration,
  type HistoryLocation,
  type HistoryResource,
  type HistorySources,
  type HistorySpec,
} from "./history.ts";
export {
  bindHttpClient,
  type HttpClient,
  type JobRecorder,
  type Platform,
  type PlatformHttpClient,
  type PlatformRequest,
  type RecordedJob,
  type UpstreamRequest,
  type UpstreamResponse,
  type UpstreamStream,
} from "./http.ts";
export { decodeKeysetCursor, type KeysetPage, keysetPage } from "./keyset.ts";
export {
  type Collected,
  decodeListCursor,
  type FillOptions,
  fillFromPages,
  type ListPosition,
  pageBudget,
  type TokenListPosition,
  tokenListCursor,
  tokenListStart,
  type UpstreamPage,
} from "./list-pager.ts";
export { itemsAt, type MonitorRule, type MonitorRules } from "./monitor-rule.ts";
export {
  type CachePolicy,
  defineOperationSpec,
  type EstimateHandler,
  type EstimateOutcome,
  type NoServices,
  type OperationContext,
  type OperationHandler,
  type OperationOutcome,
  type OperationRegistry,
  type OperationSpec,
  type OperationSpecInput,
} from "./operation.ts";
export { type AnyOperationEntry, type OperationEntry, withHandler } from "./operation-entry.ts";
export {
  boolParam,
  CACHE_MAX_AGE_KEEP_SECONDS,
  CACHE_MAX_AGES,
  cacheMaxAgeParam,
  cacheParam,
  cursorParam,
  enumParam,
  failWith,
  intParam,
  limitParam,
  optionalIntParam,
  PROFILE_CACHE_POLICY,
  parseParams,
  profileCacheParams,
} from "./params.ts";
export {
  type CallerHosts,
  type CallerHostsInput,
  type CanaryCall,
  type Catalog,
  createCatalog,
  definePlatform,
  type HandlerFor,
  matchesHost,
  type PlatformEnv,
  type PlatformInput,
  type PlatformServices,
  type PlatformSpec,
} from "./platform.ts";
export { type DeclaredHostBudget, declareHostBudgets, type HostBudget } from "./politeness.ts";
export {
  audioCredits,
  creditsText,
  fixed,
  type PriceOutcome,
  type PriceParams,
  type PriceRule,
  perAudioMinute,
  perPage,
  perResult,
} from "./price.ts";
export { comparedPath, type RecordingRule, type ReplayPathRule, storedPath } from "./recording-rule.ts";
export {
  approximateTime,
  component,
  count,
  countWithLabel,
  degradedFields,
  ISO_TIMESTAMP_PATTERN,
  image,
  isoDate,
  link,
  listPage,
  mediaItemFields,
  pageFields,
  profileCore,
  segment,
  speechFields,
  speechTranscriptFields,
  summaryFields,
  timestamp,
  url,
} from "./shapes.ts";
