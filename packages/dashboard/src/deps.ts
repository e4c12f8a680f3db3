import type { Logger, ServiceConfig } from "@sda/core";
import type { Ledger } from "@sda/ledger";
import type { Redis } from "ioredis";

/** What the dashboard uses; the gateway passes its own instances (one PostgreSQL pool, one Redis connection). */
export interface DashboardDeps {
  config: ServiceConfig;
  log: Logger;
  ledger: Ledger;
  redis: Redis;
}
