import { defineFeatureEnv, envVar, type ServiceConfig } from "@sda/core";
import { z } from "zod";

const { int } = envVar;

/**
 * The worker's own variables (its queues and concurrency, the BullMQ lock and stalled-job checks, the reservation
 * sweeper, upstream connections, its metrics endpoint), declared here as a slice and parsed once at start with the
 * composed env (`loadServiceEnv(source, [workerEnv])`, `@sda/services/env`). Values a package needs (the lock
 * duration of the monitors' consumer, the upstream pool size) are handed to it by the worker, never read from this
 * slice by the package.
 */
export const workerEnv = defineFeatureEnv(
  "worker",
  z.object({
    WORKER_QUEUES: z.string().default("").meta({
      description:
        "comma-separated queues this worker consumes: each platform's name, `audio`, `ai` (from the catalog)",
      shownDefault: "all",
    }),
    // A platform job mostly waits on the platform (100–800 ms per request, ~3 requests per call) and needs ~10 ms of
    // CPU, so a process keeps hundreds in flight before its CPU, not its slots, is the limit (issue 26).
    WORKER_CONCURRENCY: int(256, 1).describe(
      "jobs in flight per platform queue per worker process (I/O-bound: sized for waiting on platforms, not for CPU)",
    ),
    AUDIO_WORKER_CONCURRENCY: int(2, 1).describe("audio jobs in flight per worker process"),
    // Workers renew the lock every JOB_LOCK_MS / 4, so long audio jobs keep it (and a busy event loop has 3/4 of it).
    JOB_LOCK_MS: int(10_000, 1000).describe(
      "BullMQ lock, renewed every `JOB_LOCK_MS/4` while a job runs; a crashed worker's job moves on after it",
    ),
    JOB_STALLED_INTERVAL_MS: int(5000, 500).describe(
      "stalled-job check: a crashed worker's job re-runs within lock + interval",
    ),
    JOB_MAX_STALLED_COUNT: int(2, 0).describe("crashes (stalls) a job survives before it fails for good"),
    RESERVATION_SWEEP_MS: int(60_000, 1000).describe("how often each worker sweeps expired reservations"),
    UPSTREAM_CONNECTIONS: z.coerce.number().int().min(1).optional().meta({
      description: "connections a worker process keeps open per upstream origin (and per egress proxy)",
      shownDefault: "`WORKER_CONCURRENCY`",
    }),
    WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional().meta({
      description:
        "a worker's own `GET /metrics` on this port (`0`: any), same token: its jobs and strategy outcomes",
      shownDefault: "unset (no worker endpoint)",
    }),
  }),
);

/** The worker's configuration: the composed service configuration plus its own slice ({@link workerEnv}). */
export type WorkerConfig = ServiceConfig & z.output<typeof workerEnv.env>;
