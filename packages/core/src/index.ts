/**
 * `@sda/core`: the small service-wide pieces every package may use — errors and their codes, the error envelope,
 * ids, the logger, abort and periodic helpers, the Redis client and a platform's store, text PostgreSQL can store,
 * the env schema and its docs, the handler services' type. What a platform package declares itself with (platforms,
 * operations, params, prices, shapes, pagers, cursors) is `@sda/contract`, which builds on this; core imports nothing
 * of it.
 */
export { linkSignals } from "./abort.ts";
export {
  defineFeatureEnv,
  EnvError,
  type EnvSource,
  envVar,
  type FeatureEnv,
  loadEnv,
  originVariable,
  rawEnv,
  type ServiceConfig,
  serviceEnvSchema,
} from "./env.ts";
export { envTableMarkdown, envTableRows } from "./env-docs.ts";
export { errorEnvelope } from "./envelope.ts";
export {
  CORE_ERROR_CODES,
  type CodedErrorSpec,
  composeErrorCodes,
  ERROR_CODES,
  type ErrorCode,
  type ErrorCodeOwner,
  type ErrorCodeSpec,
  type ErrorCodeTable,
  errorStatus,
  errorsOf,
  isServiceError,
  type SerializedServiceError,
  type SerializedStatus,
  ServiceError,
  sharedErrorCodes,
  stampPlatform,
} from "./errors.ts";
export type { HandlerServiceInputs } from "./handler-services.ts";
export { API_KEY_PREFIX, type IdPrefix, isServiceId, newApiKeySecret, newId, randomSuffix } from "./ids.ts";
export { createLogger, type Logger } from "./logger.ts";
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
  MAX_BODY_DEPTH,
  storableJson,
  storableJsonText,
  storableText,
} from "./storable.ts";
export { type PlatformStore, redisPlatformStore } from "./store.ts";
export { isStoreUnreachable } from "./unreachable.ts";
