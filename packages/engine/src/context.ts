import { bindHttpClient, type CursorCodec, type HttpClient, type OperationContext } from "@sda/contract";
import type { RedisClient } from "@sda/core";
import { type Logger, redisPlatformStore, type ServiceConfig } from "@sda/core";

/** What a handler's context is built from: the worker process's clients and configuration. */
export interface ContextDeps {
  http: HttpClient;
  log: Logger;
  redis: RedisClient;
  keyPrefix: string;
  cursors: CursorCodec;
  config: ServiceConfig;
  /**
   * The process's handler services (`@sda/services` `createHandlerServices`: media, summariser, strategy), built
   * once; every context hands this object over as `ctx.services`. Opaque here, as each platform's env is: the
   * registry holds handlers of every platform, and the wiring checked at compile time that this object has every
   * service one of them names (`CatalogServices`).
   */
  services: object;
}

/** What one job adds to a handler's context. */
interface ContextFor {
  /** The operation's platform (`op.platform`): `ctx.platform`, whose keys `ctx.store` holds, whose `ctx.http` is. */
  platform: string;
  /** The operation's id (`op.id`): `ctx.operation`, the operation `ctx.cursors` is bound to. */
  operation: string;
  requestId: string;
  jobId: string;
  accountId: string;
  /** The job's logger (request id, job id, operation). */
  log: Logger;
  signal: AbortSignal;
  now: () => Date;
  /** `ctx.requireCredits`: raises the call's hold, or refuses (estimates, canaries). */
  requireCredits(credits: number): Promise<void>;
}

/** The context a handler (or an estimate function) runs with for one job. */
export function handlerContext(deps: ContextDeps, job: ContextFor): OperationContext {
  const { platform, operation, ...call } = job;
  return {
    ...call,
    platform,
    operation,
    // Built once per process by the wiring: media, summariser, strategy.
    services: deps.services,
    // The platform's slice, parsed once with the env (a registry's platform the env was not composed with: none).
    env: deps.config.platforms[platform] ?? {},
    http: bindHttpClient(deps.http, platform),
    store: redisPlatformStore(deps.redis, deps.keyPrefix, platform),
    cursors: deps.cursors.bind(operation),
  };
}
