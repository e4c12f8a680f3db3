import { defineFeatureEnv, envVar, type ServiceConfig } from "@sda/core";
import { z } from "zod";

const { int } = envVar;

/** The batch group's variables (items in flight, retention, sweep). */
export const batchEnv = defineFeatureEnv(
  "batch",
  z.object({
    // Unset: each account's share is BATCH_CAPACITY ÷ the accounts with items running (a lone batch runs as fast as
    // direct calls; two accounts get half each). Set: a fixed cap per account, whatever else runs.
    BATCH_MAX_RUNNING_PER_ACCOUNT: z.coerce.number().int().min(1).optional().meta({
      description:
        "fixed cap of one account's batch items running at once, across its batches (direct calls are not counted)",
      shownDefault: "unset: a fair share of `BATCH_CAPACITY`",
    }),
    // Small beside WORKER_CONCURRENCY: when the platforms answer fast the worker is CPU-bound, and every batch item in
    // flight shares its CPU with the direct calls (bench/README.md: 256 in flight made a direct call ×24 slower, 32 ×15).
    BATCH_CAPACITY: int(32, 1).describe(
      "batch items running at once over all accounts, shared equally by the accounts with items running (at least 1 each)",
    ),
    BATCH_RESULT_TTL_DAYS: z.coerce
      .number()
      .positive()
      .default(7)
      .describe("days a batch and its results stay readable (then 404 `batch_expired`); fractions allowed"),
    BATCH_SWEEP_MS: int(5000, 100).describe(
      "how often each worker reconciles batches (lost item jobs, idle accounts, pending webhooks, expiry)",
    ),
  }),
);

/**
 * How many batch items an account may run at once: a `fixed` cap (`BATCH_MAX_RUNNING_PER_ACCOUNT`), or else an equal
 * share of `capacity` (`BATCH_CAPACITY`, default 32) among the accounts with items running.
 */
export function batchShare(config: ServiceConfig): { fixed: number | null; capacity: number } {
  const env = batchEnv.of(config);
  return {
    fixed: env.BATCH_MAX_RUNNING_PER_ACCOUNT ?? null,
    capacity: env.BATCH_CAPACITY,
  };
}
