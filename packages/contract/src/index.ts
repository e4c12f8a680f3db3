/**
 * `@sda/contract`: what a platform package declares itself with — `definePlatform` and the catalog, operation specs
 * and their handler entries, params, prices, answer shapes and envelopes, list pagers and cursors, the handler's HTTP
 * client types, and the rules a platform declares for recordings, monitors, history and politeness. Built on
 * `@sda/core` (errors, logger, store); never imported by it.
 */
export { CursorCodec, type OperationCursors } from "./cursor.ts";
export { anyErrorEnvelope, errorEnvelopeSchema, jobHandle, successEnvelopeSchema } from "./envelopes.ts";
export {
  createHistoryCatalog,
  defineHistory,
  type HistoryCatalog,
  type HistoryLocation,
  type HistoryResource,
  type HistorySources,
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
  fillFromPages,
  type ListPosition,
  pageBudget,
  tokenListCursor,
  tokenListStart,
  type UpstreamPage,
} from "./list-pager.ts";
export { itemsAt, type MonitorRule, type MonitorRules } from "./monitor-rule.ts";
export {
  defineOperationSpec,
  type EstimateHandler,
  type NoServices,
  type OperationContext,
  type OperationOutcome,
  type OperationRegistry,
  type OperationSpec,
} from "./operation.ts";
export { withHandler } from "./operation-entry.ts";
export {
  boolParam,
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
  type CanaryCall,
  type Catalog,
  createCatalog,
  definePlatform,
  type HandlerFor,
  matchesHost,
  type PlatformEnv,
  type PlatformServices,
  type PlatformSpec,
  platformErrorCodes,
} from "./platform.ts";
export type { DeclaredHostBudget, HostBudget } from "./politeness.ts";
export {
  audioCredits,
  creditsText,
  fixed,
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
