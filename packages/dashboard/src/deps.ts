import type { BatchService } from "@sda/batch";
import type { Catalog } from "@sda/contract";
import type { Logger, RedisClient, ServiceConfig } from "@sda/core";
import type { Ledger } from "@sda/ledger";
import type { MonitorService } from "@sda/monitors";

/** What the dashboard uses; the gateway passes its own instances (one PostgreSQL pool, one Redis connection). */
export interface DashboardDeps {
  config: ServiceConfig;
  log: Logger;
  /** The catalog's platforms: the pages name what the service reads from their titles, never a list of their own. */
  registry: Pick<Catalog, "platforms">;
  ledger: Ledger;
  redis: RedisClient;
  /**
   * This process's API key cache (the gateway's `KeyCache`), dropped synchronously when the dashboard revokes a key:
   * the revoking process must refuse the key on the very next call, before its own pub/sub message comes back.
   */
  keys?: { invalidate(keyId: string): void };
  /** The API's monitor service: the Monitors page reads and acts as the account (every key's monitors). */
  monitors: Pick<
    MonitorService,
    "list" | "runs" | "deliveries" | "update" | "test" | "rotateSecret" | "replay"
  >;
  /** The API's batch service: the Batches page lists the account's batches and serves their downloads. */
  batches: Pick<BatchService, "list" | "export">;
}
