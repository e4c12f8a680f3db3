import type { BatchService } from "@sda/batch";
import type { Logger, OperationRegistry, ServiceConfig } from "@sda/core";
import type { ResultCache } from "@sda/engine";
import type { Ledger } from "@sda/ledger";
import type { QueueBridge } from "@sda/queue";
import type { Redis } from "ioredis";

/** Everything the gateway's routes use; built by main.ts (or a test) and passed to `createGatewayApp`. */
export interface GatewayDeps {
  config: ServiceConfig;
  log: Logger;
  registry: OperationRegistry;
  ledger: Ledger;
  bridge: QueueBridge;
  cache: ResultCache;
  redis: Redis;
  /** The Batch group (`/v1/batch…`). */
  batches: BatchService;
}
