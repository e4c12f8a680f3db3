import type { Redis } from "ioredis";
import type { z } from "zod";
import type { CursorCodec } from "./cursor.ts";
import type { ServiceConfig } from "./env.ts";
import type { HttpClient } from "./http.ts";
import type { Logger } from "./logger.ts";
import type { PriceRule } from "./price.ts";

/**
 * Queues of the service. Each operation names one; a worker process consumes the queues of its role
 * (`WORKER_QUEUES`), so slow or expensive work (audio) can run in its own processes with its own concurrency.
 */
export const QUEUE_NAMES = ["videosite", "forumsite", "photosite", "audio", "ai"] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/**
 * Cache policy of an operation (SPEC §4.1, §8):
 * - `optIn`: `cache=true` may serve a stored result up to 24 h old (`CACHE_TTL_SECONDS`), `cacheMaxAge` (when the
 *   params declare it) up to its age; every fresh success refreshes it; it is kept `ttlSeconds` (default
 *   `CACHE_TTL_SECONDS`; `CACHE_MAX_AGE_KEEP_SECONDS` for operations that take `cacheMaxAge`);
 * - `always`: cache-first for every call, shared by all accounts (e.g. trending reels, 4 h);
 * - `none`: never stored.
 */
export type CachePolicy =
  | { mode: "optIn"; ttlSeconds?: number }
  | { mode: "always"; ttlSeconds: number }
  | { mode: "none" };

/** What a handler returns on success. */
export interface OperationOutcome<T = unknown> {
  /** The SPEC result object, answered as `data`. */
  data: T;
  /** Which path served the call, answered as `X-Service-Source` (e.g. `innertube:android+web`, `feed`). */
  source: string;
  /** Items returned (list operations); 0 means an empty result (charged 0). */
  count?: number;
  /** Seconds of media processed (audio). */
  durationSeconds?: number;
  /** Credits the handler computed (audio estimate), used by per-minute price rules. */
  credits?: number;
  /** Extra top-level envelope fields (SPEC §2.1: `creditsUsed` on the audio transcript). */
  envelope?: Record<string, unknown>;
}

/** Everything a handler may use; built by the worker for each job. */
export interface OperationContext {
  requestId: string;
  jobId: string;
  accountId: string;
  config: ServiceConfig;
  /** Child logger carrying requestId, jobId and op. */
  log: Logger;
  http: HttpClient;
  /** Shared Redis (circuit breakers, OAuth tokens, rate-limit pauses); keys must start with `keyPrefix`. */
  redis: Redis;
  keyPrefix: string;
  cursors: CursorCodec;
  /** Aborted when the worker shuts down or the job's budget is spent. */
  signal: AbortSignal;
  now(): Date;
  /**
   * Raises this call's credit hold to `credits` (the audio transcript, once it knows the duration), so the work that
   * follows is paid for before it starts.
   * @throws ServiceError 402 `insufficient_credits` when the available balance (`balance - reserved`) cannot cover it.
   */
  requireCredits(credits: number): Promise<void>;
}

/**
 * One API operation, declared once. The gateway mounts `method path` from it and validates `params`; the worker
 * dispatches jobs of `id` to `handler`; OpenAPI, batch and monitors read the same object.
 */
export interface OperationDefinition<S extends z.ZodType = z.ZodType, T = unknown> {
  /** Stable id, `<platform>.<name>` (e.g. `videosite.transcript`); also the BullMQ job name. */
  id: string;
  method: "GET";
  /** Path under the API root, e.g. `/v1/videosite/transcript`. */
  path: string;
  /** Tag for docs (platform or group). */
  tag: string;
  summary: string;
  /** Query parameters; the output is what the handler receives. */
  params: S;
  price: PriceRule;
  queue: QueueName;
  cache: CachePolicy;
  handler(params: z.output<S>, ctx: OperationContext): Promise<OperationOutcome<T>>;
}

/** Identity helper that keeps the params type flowing into the handler. */
export function defineOperation<S extends z.ZodType, T>(
  definition: OperationDefinition<S, T>,
): OperationDefinition {
  return definition as unknown as OperationDefinition;
}

/** The registry: every operation by id and by `METHOD path`. */
export interface OperationRegistry {
  readonly operations: readonly OperationDefinition[];
  byId(id: string): OperationDefinition | undefined;
  byRoute(method: string, path: string): OperationDefinition | undefined;
  /** Queues that at least one operation uses. */
  queues(): QueueName[];
}

/** @throws Error when two operations share an id or a route. */
export function createRegistry(operations: readonly OperationDefinition[]): OperationRegistry {
  const ids = new Map<string, OperationDefinition>();
  const routes = new Map<string, OperationDefinition>();
  for (const op of operations) {
    if (ids.has(op.id)) throw new Error(`duplicate operation id ${op.id}`);
    const route = `${op.method} ${op.path}`;
    if (routes.has(route)) throw new Error(`duplicate route ${route}`);
    ids.set(op.id, op);
    routes.set(route, op);
  }
  return {
    operations,
    byId: (id) => ids.get(id),
    byRoute: (method, path) => routes.get(`${method.toUpperCase()} ${path}`),
    queues: () => [...new Set(operations.map((op) => op.queue))],
  };
}
