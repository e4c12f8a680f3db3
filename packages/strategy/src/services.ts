import type { HandlerServiceInputs, RedisClient } from "@sda/core";
import { type IdentitiesConfig, identitiesFor } from "./identities.ts";

/** What the strategy chains read in every call (`ctx.services.strategy`), built once per process. */
export interface StrategyServices {
  /**
   * The identities document (Redis `<prefix>:identities`, else `IDENTITIES_JSON`), re-read at most every
   * `IDENTITIES_REFRESH_SECONDS`.
   */
  identities: IdentitiesConfig;
  /** Where strategy health and source circuits live: the shared Redis, under the service's key prefix. */
  health: { redis: RedisClient; prefix: string };
}

/**
 * Builds a process's strategy services: its identities (`IDENTITIES_JSON`, overridden by Redis
 * `<prefix>:identities`, re-read every `IDENTITIES_REFRESH_SECONDS`) and where health lives (the shared Redis under
 * `config.QUEUE_PREFIX`). Called once per process by the wiring (`@sda/services`), or by a test passing services to
 * its context.
 */
export function createStrategyServices({ config, redis, log }: HandlerServiceInputs): StrategyServices {
  return {
    identities: identitiesFor({
      redis,
      prefix: config.QUEUE_PREFIX,
      json: config.IDENTITIES_JSON,
      refreshSeconds: config.IDENTITIES_REFRESH_SECONDS,
      log,
    }),
    health: { redis, prefix: config.QUEUE_PREFIX },
  };
}
