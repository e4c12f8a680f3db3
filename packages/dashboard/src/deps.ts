import type { Logger, ServiceConfig } from "@sda/core";
import type { Ledger } from "@sda/ledger";
import type { Redis } from "ioredis";

/** What the dashboard uses; the gateway passes its own instances (one PostgreSQL pool, one Redis connection). */
export interface DashboardDeps {
  config: ServiceConfig;
  log: Logger;
  ledger: Ledger;
  redis: Redis;
  /**
   * This process's API key cache (the gateway's `KeyCache`), dropped synchronously when the dashboard revokes a key:
   * the revoking process must refuse the key on the very next call, before its own pub/sub message comes back.
   */
  keys?: { invalidate(keyId: string): void };
}
