import {
  bindHttpClient,
  CursorCodec,
  type HttpClient,
  type JobRecorder,
  type OperationContext,
  type OperationRegistry,
  parseParams,
} from "@sda/contract";
import type { RedisClient } from "@sda/core";
import { isServiceError, type Logger, newId, redisPlatformStore, type ServiceConfig } from "@sda/core";
import { type CanaryCall, canaryCalls } from "./calls.ts";
import { canaryEnv } from "./env.ts";
import { type CanaryResult, type CanaryRun, writeCanaryRun } from "./status.ts";

/** What a canary run needs: the worker's registry, clients and configuration. */
export interface CanaryDeps {
  registry: OperationRegistry;
  config: ServiceConfig;
  redis: RedisClient;
  http: HttpClient;
  log: Logger;
  /**
   * The process's handler services (`@sda/services` `createHandlerServices`): the calls' `ctx.services` (opaque here,
   * as in the engine's `ContextDeps`; the wiring checks them against the handlers).
   */
  services: object;
  /** Records a failed call's exchanges as a HAR case (record mode); none: nothing recorded. */
  recorder?: JobRecorder;
  /** Where failed calls are recorded (`CANARY_RECORD_DIR`; default: the recorder's own directory). */
  recordDir?: string;
  /** The platforms' own canary calls (the catalog's `canaries`): what runs when `CANARY_CALLS` is unset. */
  declared: readonly CanaryCall[];
  /** The calls (default: `CANARY_CALLS`, else `declared`). */
  calls?: readonly CanaryCall[];
  /** Budget of one call, ms (default 60 s). */
  callTimeoutMs?: number;
}

/** The context of a canary call: no account, no credits — a canary is never billed and never cached. */
function canaryContext(
  deps: CanaryDeps,
  operation: string,
  platform: string,
  signal: AbortSignal,
): OperationContext {
  return {
    platform,
    operation,
    requestId: newId("req"),
    jobId: newId("job"),
    accountId: "canary",
    env: deps.config.platforms[platform] ?? {},
    services: deps.services,
    log: deps.log.child({ canary: operation }),
    http: bindHttpClient(deps.http, platform),
    store: redisPlatformStore(deps.redis, deps.config.QUEUE_PREFIX, platform),
    cursors: new CursorCodec(deps.config.CURSOR_SECRET).bind(operation),
    signal,
    now: () => new Date(),
    // Nothing is reserved or charged: the handler runs outside the ledger.
    requireCredits: async () => {},
  };
}

async function runOne(deps: CanaryDeps, call: CanaryCall): Promise<CanaryResult> {
  const started = Date.now();
  const base = { operation: call.operation, params: call.params };
  const op = deps.registry.byId(call.operation);
  if (!op)
    return {
      ...base,
      ok: false,
      source: null,
      code: "unknown_operation",
      message: `no operation ${call.operation}`,
      strategies: null,
      durationMs: 0,
      recordedCase: null,
    };
  const signal = AbortSignal.timeout(deps.callTimeoutMs ?? 60_000);
  let recordedCase: string | null = null;
  try {
    const params = parseParams(op.params, call.params) as Record<string, unknown>;
    const handler = await deps.registry.handler(op.id);
    const ctx = canaryContext(deps, call.operation, op.platform, signal);
    const run = () => handler(params, ctx);
    const outcome = deps.recorder
      ? await deps.recorder.record({ jobId: ctx.jobId, operation: op.id, params }, run, {
          when: "failure",
          ...(deps.recordDir ? { dir: deps.recordDir } : {}),
          onRecorded: (file) => {
            recordedCase = file;
          },
        })
      : await run();
    return {
      ...base,
      ok: true,
      source: outcome.source,
      code: null,
      message: null,
      strategies: null,
      durationMs: Date.now() - started,
      recordedCase: null,
    };
  } catch (error) {
    const strategies = isServiceError(error) ? error.details.strategies : undefined;
    return {
      ...base,
      ok: false,
      source: null,
      code: isServiceError(error) ? error.code : "internal_error",
      message: error instanceof Error ? error.message : String(error),
      strategies: Array.isArray(strategies) ? strategies : null,
      durationMs: Date.now() - started,
      recordedCase,
    };
  }
}

/**
 * Runs the canary calls one after the other (a few requests, spread out, so the platforms see no burst), straight
 * through the operations' handlers: strategy chains update their health as for any call, nothing is billed or
 * cached, a failed call is recorded as a HAR case when a recorder is given. The run is stored as the last one for
 * `/v1/status`.
 * @returns the run.
 * @throws ServiceError 400 `invalid_parameter` when `CANARY_CALLS` is invalid.
 */
export async function runCanaries(deps: CanaryDeps): Promise<CanaryRun> {
  const calls = deps.calls ?? canaryCalls(canaryEnv.of(deps.config).CANARY_CALLS, deps.declared);
  const startedAt = new Date().toISOString();
  const results: CanaryResult[] = [];
  for (const call of calls) {
    const result = await runOne(deps, call);
    results.push(result);
    deps.log[result.ok ? "info" : "warn"](
      { operation: call.operation, ok: result.ok, code: result.code, source: result.source },
      "canary call",
    );
  }
  const run: CanaryRun = {
    startedAt,
    finishedAt: new Date().toISOString(),
    passed: results.filter((r) => r.ok).length,
    failed: results.filter((r) => !r.ok).length,
    results,
  };
  await writeCanaryRun(deps.redis, deps.config.QUEUE_PREFIX, run);
  return run;
}
