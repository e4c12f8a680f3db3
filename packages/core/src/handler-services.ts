import type { ServiceConfig } from "./env.ts";
import type { Logger } from "./logger.ts";
import type { RedisClient } from "./redis.ts";

/** What a process builds its handler services from: its configuration, its shared Redis and its logger. */
export interface HandlerServiceInputs {
  config: ServiceConfig;
  /** The shared Redis: a service keeps its keys under `config.QUEUE_PREFIX`, each with a TTL or an owner. */
  redis: RedisClient;
  log: Logger;
}

/**
 * The services a process builds once and hands to every handler as `ctx.services` (`media`, `summariser`,
 * `strategy`), instead of each call building them from the configuration. The wiring (`@sda/services`
 * `createHandlerServices`) builds every one of them eagerly, and the engine's and the canary's context hand that
 * object over as is.
 *
 * Empty in core, so core names none of the feature packages: each package declares its field's type by declaration
 * merging (`declare module "@sda/core" { interface HandlerServices { media: MediaServices } }`, types only, no
 * registration) beside the builder the wiring calls (`createMediaServices`, `summariserFromConfig`,
 * `createStrategyServices`).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the feature packages' declaration merging
export interface HandlerServices {}
