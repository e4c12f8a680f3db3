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
