import type { ErrorCodeTable, Logger, PlatformStore } from "@sda/core";
import type { z } from "zod";
import type { OperationCursors } from "./cursor.ts";
import type { PlatformHttpClient } from "./http.ts";
import type { PriceRule } from "./price.ts";

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

/**
 * The handler services of a context that names none ({@link OperationContext}'s default): nothing, so a handler
 * reading `ctx.services.media` without naming the services it uses does not compile.
 */
export type NoServices = Readonly<Record<never, never>>;

/**
 * Everything a handler may use; built by the worker for each job, with the process's handler services. No raw
 * Redis, key prefix or service configuration: `store` is the platform's own keys, `env` its own variables. `Env` is
 * the handler's platform's own variables (the parsed `env` slice of `definePlatform`, e.g. `<NAME>_CLIENT_ID`), read
 * as `ctx.env` instead of `process.env`. `Services` is what the handler reads in `ctx.services`: the services its
 * platform names, each typed by its feature package (`{ media: MediaServices }`, `@sda/media`); none by default.
 */
export interface OperationContext<Env = Readonly<Record<string, unknown>>, Services = NoServices> {
  /**
   * The operation's platform (`op.platform`, e.g. `examplesite`), set by the engine from the operation it dispatches:
   * platform code reads who it is here instead of writing its name. `ctx.http` and `ctx.store` are bound to it, and
   * the engine names it in `details.platform` of every error the handler throws.
   */
  platform: string;
  /** The operation's id (`op.id`, `<platform>.<name>`): what `ctx.cursors` is bound to. */
  operation: string;
  requestId: string;
  jobId: string;
  accountId: string;
  /** The platform's own configuration (its `env` slice, parsed with defaults): nothing of the service's. */
  env: Env;
  /** Child logger carrying requestId, jobId and op. */
  log: Logger;
  /** The upstream HTTP client, bound to the platform: requests name no `platform` (see {@link PlatformHttpClient}). */
  http: PlatformHttpClient;
  /**
   * The platform's own keys in the shared Redis (`<QUEUE_PREFIX>:upstream:<platform>:`), every one with a TTL:
   * OAuth tokens, rate-limit pauses, session cooldowns, cursor id lists.
   */
  store: PlatformStore;
  /**
   * The services the process built once for every handler (`services.media`, `services.summariser`,
   * `services.strategy`), typed as the ones this handler names (`Services`): built eagerly by the wiring
   * (`@sda/services` `createHandlerServices`, which fails to compile when a service a handler of the catalog names
   * is not built, or not of that type), handed over as is.
   */
  services: Services;
  /**
   * The operation's continuation cursors (`encode(payload)`, `decode(cursor)`; `of(name)` for a sibling operation's),
   * signed and bound to {@link operation}.
   */
  cursors: OperationCursors;
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
 * One API operation's declaration: everything the gateway, OpenAPI, batch and monitors need, and the lazy import of
 * its handler (no extraction code). Built by `definePlatform` from a {@link defineOperationSpec} draft bound to its
 * handler ({@link withHandler}).
 */
export interface OperationSpec<S extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** Stable id, `<platform>.<name>` (e.g. `examplesite.item-details`); also the BullMQ job name. */
  id: string;
  /** The platform's name (`examplesite`). */
  platform: string;
  /** The operation's name inside its platform (`item-details`), kebab-case. */
  name: string;
  method: "GET";
  /** Path under the API root; default `/v1/<platform>/<name>`. */
  path: string;
  /** Tag for docs; default the platform's name. */
  tag: string;
  summary: string;
  /** Query parameters; the output is what the handler receives. */
  params: S;
  /**
   * The `data` object of its 200 answer (SPEC §2): the handler's `data` is typed by it, the gateway checks answers
   * against it when `VALIDATE_RESPONSES` is on, and the OpenAPI document publishes it.
   */
  output: O;
  /**
   * Every error code the operation can answer (its closed set, SPEC §7): the codes any call can meet
   * (`CALL_ERROR_CODES`), its platform's own codes and the ones it declares (`errors`).
   */
  errorCodes: readonly [string, ...string[]];
  price: PriceRule;
  /** Queue its jobs go to; default the platform's name. */
  queue: string;
  cache: CachePolicy;
  /**
   * True when it has an {@link EstimateHandler} (its line's `estimator`; `GET /v1/utilities/estimate` runs it as a
   * free job on the operation's queue, e.g. the audio transcript's price from the video's duration).
   */
  estimate?: boolean;
  /**
   * Loads its handler: a dynamic import of the handler's module, declared beside the spec in its platform's
   * `operations` ({@link withHandler}), so a process that never runs the operation (the gateway) never loads its
   * extraction code. The registry's `handler(id)` calls it on first use and keeps the handler.
   */
  handler: () => Promise<OperationHandler>;
  /** Loads its estimate function (like `handler`); set exactly when `estimate` is true. */
  estimator?: () => Promise<EstimateHandler>;
}

/** What an {@link EstimateHandler} reports: the same fields the price rule reads from a real outcome. */
export interface EstimateOutcome {
  /** Which path read the inputs of the price, e.g. `innertube:android`. */
  source: string;
  /** Seconds of media the call would process (audio). */
  durationSeconds?: number;
  /** Credits the call would cost, when the platform computes them itself. */
  credits?: number;
}

/**
 * Prices a call without running it (no billable work: reads only what the price depends on). Runs in the worker on
 * the operation's queue, never reserves or charges.
 * @throws ServiceError the errors the operation would answer before any billable work (e.g. `duration_too_long`).
 */
export type EstimateHandler<
  S extends z.ZodType = z.ZodType,
  Env = Readonly<Record<string, unknown>>,
  Services = NoServices,
> = (params: z.output<S>, ctx: OperationContext<Env, Services>) => Promise<EstimateOutcome>;

/**
 * Runs one operation: the params its spec parsed, the job's context (typed with its platform's env and the handler
 * services it names); its `data` must be what the spec's `output` schema describes (`O`).
 */
export type OperationHandler<
  S extends z.ZodType = z.ZodType,
  Env = Readonly<Record<string, unknown>>,
  O extends z.ZodType = z.ZodType,
  Services = NoServices,
> = (params: z.output<S>, ctx: OperationContext<Env, Services>) => Promise<OperationOutcome<z.input<O>>>;

/** What a platform writes per operation; `definePlatform` derives `id`, `method` and the defaults. */
export interface OperationSpecInput<
  N extends string = string,
  S extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
> {
  /** kebab-case name, unique in the platform; the path's last segment by default. */
  name: N;
  summary: string;
  params: S;
  /**
   * The `data` object of a 200 (see {@link OperationSpec.output}): built from core's shared shapes
   * (`listPage`, `profileCore`, `countWithLabel`, `timestamp`…), platform fields nullable, named with `component`.
   */
  output: O;
  /**
   * The codes it answers besides `CALL_ERROR_CODES` and its platform's: codes of core or its platform by name
   * (`["ad_not_found"]`), or a shared pipeline's codes as that pipeline's table (`AUDIO_ERROR_CODES` of
   * `@sda/media/error-codes`), which says their status where neither core nor the platform declares them.
   */
  errors?: readonly string[] | ErrorCodeTable;
  price: PriceRule;
  cache: CachePolicy;
  /** Default: the platform's name. Other queues must be listed in the platform's `queues`. */
  queue?: string;
  /** Default: `/v1/<platform>/<name>`. */
  path?: string;
  /** Default: the platform's name. */
  tag?: string;
}

/** Identity helper that keeps the name literal and the params and output types (for `withHandler`, `HandlerFor`). */
export function defineOperationSpec<const N extends string, S extends z.ZodType, O extends z.ZodType>(
  spec: OperationSpecInput<N, S, O>,
): OperationSpecInput<N, S, O> {
  return spec;
}

/**
 * The registry: every operation spec by id and by `METHOD path`, and each operation's handler, loaded on first use
 * (the gateway never asks for one, so it never loads extraction code).
 */
export interface OperationRegistry {
  readonly operations: readonly OperationSpec[];
  byId(id: string): OperationSpec | undefined;
  byRoute(method: string, path: string): OperationSpec | undefined;
  /** Queues that at least one operation uses. */
  queues(): string[];
  /**
   * The handler of an operation (imports the handler's module the first time: {@link OperationSpec.handler}).
   * @throws Error for an unknown id, or when the module cannot be loaded.
   */
  handler(id: string): Promise<OperationHandler>;
  /**
   * The estimate function of an operation declaring `estimate: true` (loaded like `handler`).
   * @throws Error for an unknown id or an operation without one.
   */
  estimator?(id: string): Promise<EstimateHandler>;
}
