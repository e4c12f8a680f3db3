import { defineHandlerService } from "@sda/core";
import type { Redis } from "ioredis";
import { type IdentitiesConfig, identitiesFor } from "./identities.ts";

/** What the strategy chains read in every call (`ctx.strategy`), built once per process. */
export interface StrategyServices {
  /**
   * The identities document (Redis `<prefix>:identities`, else `IDENTITIES_JSON`), re-read at most every
   * `IDENTITIES_REFRESH_SECONDS`.
   */
  identities: IdentitiesConfig;
  /** Where strategy health and source circuits live: the shared Redis, under the service's key prefix. */
  health: { redis: Redis; prefix: string };
}

declare module "@sda/core" {
  interface HandlerServices {
    /** Strategy chains: identities and health (`@sda/strategy`). */
    strategy: StrategyServices;
  }
}

defineHandlerService("strategy", ({ config, redis, log }) => ({
  identities: identitiesFor({
    redis,
    prefix: config.QUEUE_PREFIX,
    json: config.IDENTITIES_JSON,
    refreshSeconds: config.IDENTITIES_REFRESH_SECONDS,
    log,
  }),
  health: { redis, prefix: config.QUEUE_PREFIX },
}));
