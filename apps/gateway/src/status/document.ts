import { component, timestamp } from "@sda/contract";
import { z } from "zod";

/**
 * The answer of `GET /v1/status` (the `data` of its 200), declared once here beside what builds it (`snapshot.ts`)
 * and documented by its route, checked by `VALIDATE_RESPONSES` and by the test stacks' validator like every other
 * answer.
 */

const health = z.enum(["ok", "degraded", "down"]);
const ratio = z.number().min(0).max(1).nullable();
const isoOrNull = timestamp.nullable();

const operationHealth = z.object({
  id: z.string(),
  path: z.string(),
  calls: z.int().min(0),
  successRatio: ratio.describe("Share of the window's calls answered below 500; null without calls."),
  p50Ms: z.number().nullable(),
  p95Ms: z.number().nullable(),
  topErrorCode: z.string().nullable(),
});

const strategyHealth = z.object({
  id: z.string(),
  source: z.string().nullable(),
  successes: z.int().min(0),
  failures: z.int().min(0),
  lastError: z.string().nullable(),
  lastErrorAt: isoOrNull,
  lastSuccessAt: isoOrNull,
  openUntil: isoOrNull,
  state: z.enum(["ok", "failing", "open"]),
});

const canaryRun = z.object({
  startedAt: timestamp,
  finishedAt: timestamp,
  passed: z.int().min(0),
  failed: z.int().min(0),
  results: z.array(
    z.object({
      operation: z.string(),
      params: z.record(z.string(), z.string()),
      ok: z.boolean(),
      source: z.string().nullable(),
      code: z.string().nullable(),
      message: z.string().nullable(),
      strategies: z.array(z.unknown()).nullable(),
      durationMs: z.number().min(0),
      recordedCase: z.string().nullable(),
    }),
  ),
});

const queueDepth = z.object({
  waiting: z.int().min(0),
  active: z.int().min(0),
  delayed: z.int().min(0),
  failed: z.int().min(0),
  workers: z.int().min(0),
});

/** `GET /v1/status` when it could be built: per platform, operation, circuit, provider and queue. */
const fullStatus = z.object({
  status: health,
  version: z.string(),
  generatedAt: timestamp,
  windowSeconds: z.int().describe("The window the figures summarise, in seconds (900)."),
  platforms: z.record(
    z.string(),
    z.object({
      status: health,
      calls: z.int().min(0),
      successRatio: ratio,
      operations: z.array(operationHealth),
      strategies: z.array(strategyHealth),
    }),
  ),
  circuits: z.array(
    z.object({
      name: z.string(),
      state: z.enum(["open", "half-open", "closed"]),
      openUntil: isoOrNull,
      consecutiveFailures: z.int().min(0),
    }),
  ),
  hostBudgets: z
    .array(
      z.object({
        platform: z.string(),
        name: z.string(),
        hosts: z.array(z.string()),
        perHost: z
          .boolean()
          .describe(
            "One budget per host matched: its use is then not summed here (`used` and `inFlight` null) but shown per host in `activeHosts`.",
          ),
        source: z.string().nullable().describe("Where the figures come from (the platform's documentation)."),
        rate: z
          .object({
            requests: z.int().min(1),
            perSeconds: z.int().min(1),
            used: z.int().min(0).nullable(),
            resetsInSeconds: z.int().min(0).nullable(),
          })
          .nullable(),
        concurrency: z.object({ limit: z.int().min(1), inFlight: z.int().min(0).nullable() }).nullable(),
        activeHosts: z
          .array(
            z.object({
              host: z.string().describe("The upstream host, lower case (e.g. `mastodon.social`)."),
              used: z
                .int()
                .min(0)
                .nullable()
                .describe(
                  "Requests started at the host in its current window (the rate's `requests` while a platform's pause holds it); null without a rate.",
                ),
              resetsInSeconds: z
                .int()
                .min(0)
                .nullable()
                .describe("Seconds until the host's window or pause ends; null when none is running."),
              inFlight: z
                .int()
                .min(0)
                .nullable()
                .describe("The host's requests in flight over all workers; null without a concurrency."),
            }),
          )
          .describe(
            "Per-host budgets: the hosts with a running window or requests in flight now, busiest first (most `used`, then most `inFlight`, then by name), capped at 50. Empty for a budget not kept per host.",
          ),
        activeHostCount: z
          .int()
          .min(0)
          .describe(
            "Per-host budgets: how many hosts have a running window or requests in flight now (counted up to 1000, the most one snapshot reads; `activeHosts` lists at most 50 of them). 0 for a budget not kept per host.",
          ),
      }),
    )
    .describe(
      "Request budgets the platforms declare for their upstream hosts, with their use over all workers.",
    ),
  canaries: canaryRun.nullable().describe("The last canary run; null before the first."),
  providers: z.object({
    asr: z.array(z.object({ tier: z.string(), model: z.string(), configured: z.boolean() })),
    llm: z.object({ model: z.string(), configured: z.boolean() }),
  }),
  queues: z.record(z.string(), queueDepth),
  workers: z.int().min(0).describe("Live worker connections over all queues."),
});

/** `GET /v1/status` when a store cannot be read: which one answers. */
const downStatus = z.object({
  status: z.literal("down"),
  generatedAt: timestamp,
  redis: z.boolean(),
  postgres: z.boolean(),
});

/** `GET /v1/status`: the full document, or the short `down` answer when Redis or PostgreSQL cannot be read. */
export const statusDocument = component(
  "StatusDocument",
  z.union([fullStatus, downStatus]),
  "Service status over the last 15 minutes, or which store is out when it cannot be built.",
);
