import { defineFeatureEnv, envVar } from "@sda/core";
import { z } from "zod";

const { bool, int } = envVar;

/** Outgoing webhooks' variables (batch completion, monitor deliveries). */
export const webhooksEnv = defineFeatureEnv(
  "webhooks",
  z.object({
    WEBHOOK_ALLOW_HTTP: bool
      .default(false)
      .describe("allow `http://` webhook URLs (development; the demo sets it)"),
    WEBHOOK_ALLOWED_HOSTS: z
      .string()
      .default("")
      .describe(
        "comma-separated hosts exempt from the SSRF address rules (loopback, private …), e.g. `127.0.0.1` for the demo's inbox",
      ),
    WEBHOOK_TIMEOUT_MS: int(15_000, 100).describe("budget of one webhook attempt, connect to last byte"),
    WEBHOOK_RETRY_AFTER_MAX_SECONDS: int(3600, 1).describe(
      "longest wait a receiver's `Retry-After` (429/503) can impose",
    ),
    WEBHOOK_CONCURRENCY: int(8, 1).describe("webhook attempts in flight per worker process"),
    WEBHOOK_DELIVERY_RETENTION_DAYS: int(90, 0).describe(
      "days a month of `webhook_deliveries` (with their attempts) is kept after its end before its partitions are " +
        "dropped (0: kept for ever)",
    ),
  }),
);
