/**
 * `@sda/core`: the small service-wide pieces every package may use — errors and their codes, the error envelope,
 * ids, the logger, abort and periodic helpers, the Redis client and a platform's store, text PostgreSQL can store,
 * the env schema and its docs, the handler services' type. What a platform package declares itself with (platforms,
 * operations, params, prices, shapes, pagers, cursors) is `@sda/contract`, which builds on this; core imports nothing
 * of it.
 */
export { type LinkedSignal, linkSignals } from "./abort.ts";
export {
  baseEnvSchema,
  defineFeatureEnv,
  EnvError,
  type EnvSource,
  envVar,
  type FeatureEnv,
  loadEnv,
  originVariable,
  type PlatformEnvSlice,
  type PlatformEnvValues,
  rawEnv,
  type ServiceConfig,
  serviceEnvSchema,
} from "./env.ts";
export { type EnvTableRow, envTableMarkdown, envTableRows } from "./env-docs.ts";
export { type ErrorEnvelope, errorEnvelope } from "./envelope.ts";
export {
  CORE_ERROR_CODES,
  type CodedErrorSpec,
  composeErrorCodes,
  ERROR_CODES,
  type ErrorCode,
  type ErrorCodeSpec,
  type ErrorCodeTable,
  type ErrorDetails,
  type ErrorFactory,
  errorStatus,
  errorsOf,
  isServiceError,
  type SerializedServiceError,
  type SerializedStatus,
  ServiceError,
  type ServiceErrorOptions,
  SHARED_PLATFORM_ERROR_CODES,
  type SharedPlatformErrorCode,
  sharedErrorCodes,
  stampPlatform,
} from "./errors.ts";
export type { HandlerServiceInputs } from "./handler-services.ts";
export { API_KEY_PREFIX, type IdPrefix, isServiceId, newApiKeySecret, newId, randomSuffix } from "./ids.ts";
export { createLogger, type LogFormat, type Logger } from "./logger.ts";
export { isOperatorBearer } from "./operator-token.ts";
export { findUpwards } from "./paths.ts";
export { type PeriodicTask, startPeriodicTask } from "./periodic.ts";
export {
  connectRedis,
  duplicateRedis,
  isCluster,
  parseClusterNodes,
  type RedisClient,
  type RedisTarget,
  scanKeys,
  slotTag,
} from "./redis.ts";
export {
  assertStorableBody,
  assertStorableText,
  MAX_BODY_DEPTH,
  storableJson,
  storableJsonText,
  storableText,
} from "./storable.ts";
export { type PlatformStore, platformKeyPrefix, redisPlatformStore } from "./store.ts";
export { isStoreUnreachable } from "./unreachable.ts";
