import type { CursorCodec, HttpClient, Logger, OperationContext, ServiceConfig } from "@sda/core";
import type { Redis } from "ioredis";

/** What a handler's context is built from: the worker process's clients and configuration. */
export interface ContextDeps {
  http: HttpClient;
  redis: Redis;
  keyPrefix: string;
  cursors: CursorCodec;
  config: ServiceConfig;
}

/** What one job adds to a handler's context. */
export interface ContextFor {
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
  return {
    ...job,
    config: deps.config,
    // The full configuration holds every platform's parsed env slice; the handler reads its own through it.
    env: deps.config,
    http: deps.http,
    redis: deps.redis,
    keyPrefix: deps.keyPrefix,
    cursors: deps.cursors,
  };
}
