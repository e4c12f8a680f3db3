import type { BatchService } from "@sda/batch";
import type { Catalog } from "@sda/contract";
import type { ErrorCodeTable, Logger, RedisClient } from "@sda/core";
import type { CallBridge, ReleaseRetrier, ResultCache } from "@sda/engine";
import type { HistoryStore } from "@sda/history";
import type { KeyCache, KeyUseRecorder, Ledger, RequestLogWriter } from "@sda/ledger";
import type { MonitorService } from "@sda/monitors";
import type { ProviderStatus } from "@sda/services";
import type { BalanceReader } from "./balances.ts";
import type { GatewayConfig } from "./env.ts";

/** Everything the gateway's routes use; built by main.ts (or a test) and passed to `createGatewayApp`. */
export interface GatewayDeps {
  /** The composed configuration with the gateway's own slice (`gatewayEnv`). */
  config: GatewayConfig;
  log: Logger;
  /** The operations, and the platforms they belong to (their titles name them in the dashboard's copy). */
  registry: Catalog;
  /**
   * The wiring's composed code table (`errorCodes` of `@sda/services`): the status of a job's error read back without
   * one (job answers, MCP tools).
   */
  errorCodes: ErrorCodeTable;
  ledger: Ledger;
  bridge: CallBridge;
  /** This process's releases of credit holds, retried until PostgreSQL takes them. */
  releases: ReleaseRetrier;
  cache: ResultCache;
  /** Fail-fast connection (no offline queue): a command while Redis is down rejects at once (503). */
  redis: RedisClient;
  /**
   * The per-call commands' connection (rate limits, result-cache reads): fail-fast like `redis`, and auto-pipelined,
   * so the commands concurrent calls send within one turn of the event loop go out in one write.
   */
  callRedis: RedisClient;
  /** Balances shown by free cache hits, read at every call (concurrent reads batched into one statement). */
  balances: BalanceReader;
  /** API key lookups, cached in this process with pub/sub revocation. */
  keys: KeyCache;
  /** Each authenticated call's key use, written to `api_keys.last_used_at` in batches (`KEY_USE_FLUSH_MS`). */
  keyUse: KeyUseRecorder;
  /** Batched request-log writes. */
  requestLog: RequestLogWriter;
  /** The Monitors group (and `POST /v1/history/track`). */
  monitors: MonitorService;
  /** The Batch group (`/v1/batch…`). */
  batches: BatchService;
  /** History's store (its own tables, on the process's one PrismaClient): `GET /v1/history` reads it. */
  history: HistoryStore;
  /** The speech-to-text and LLM configuration `GET /v1/status` reports, read by the wiring from the composed env. */
  providers: ProviderStatus;
}
