import { z } from "zod";
import { component, isoDate, pageFields, timestamp } from "./shapes.ts";

/**
 * The service's own resources as the Account, Batch, History and Monitors groups answer them (the `data` of their
 * 2xx answers): declared once here, documented in OpenAPI by the gateway's route docs and checked by
 * `VALIDATE_RESPONSES` like every platform answer.
 */

const credits = z.int();

/** `GET /v1/account`. */
export const accountResource = component(
  "Account",
  z.object({
    accountId: z.string(),
    keyId: z.string(),
    email: z.string().nullable(),
    plan: z.looseObject({
      name: z.string(),
      rateLimitPerSecond: z.int(),
      maxConcurrentBatchItems: z.int(),
      maxMonitors: z.int(),
      minMonitorInterval: z.int().describe("Shortest monitor interval, in seconds."),
    }),
    balance: credits.describe("Credits on the account."),
    reserved: credits.describe("Credits held by calls in flight."),
    available: credits.describe("`balance - reserved`: what new calls can use."),
    createdAt: timestamp,
    usage24h: z.object({ calls: z.int().min(0), credits }),
  }),
  "The key's account: plan limits, balance, reserved and available credits, the last 24 hours' usage.",
);

/** One request-log row (`GET /v1/account/usage`). */
const requestLogEntry = component(
  "RequestLogEntry",
  z.object({
    requestId: z.string(),
    operation: z.string().nullable(),
    path: z.string(),
    params: z.unknown(),
    status: z.int(),
    errorCode: z.string().nullable(),
    credits,
    cache: z.string().nullable(),
    source: z.string().nullable(),
    durationMs: z.number().nullable(),
    batchId: z.string().nullable(),
    monitorId: z.string().nullable(),
    channel: z
      .enum(["rest", "mcp"])
      .describe(
        "How the call came in: `rest` (the HTTP API, batch items, monitor runs) or `mcp` (a tool call).",
      ),
    createdAt: timestamp,
  }),
  "One call of the account, as the request log recorded it.",
);

export const usagePage = z.object({ ...pageFields, requests: z.array(requestLogEntry) });

/** `GET /v1/account/usage/daily`. */
export const dailyUsageResource = z.object({
  days: z.int().min(1),
  totalReturned: z.int().min(0),
  usage: z.array(
    z.object({
      day: isoDate,
      operation: z.string(),
      calls: z.int().min(0),
      succeeded: z.int().min(0),
      credits,
    }),
  ),
});

/** `GET /v1/account/ledger`. */
export const ledgerPage = z.object({
  balance: credits,
  ...pageFields,
  entries: z.array(
    component(
      "LedgerEntry",
      z.object({
        id: z.string(),
        kind: z.string().describe("`grant`, `charge`, `refund` or `adjustment`."),
        amount: credits.describe("Signed credits."),
        balanceAfter: credits,
        operation: z.string().nullable(),
        requestId: z.string().nullable(),
        note: z.string().nullable(),
        createdAt: timestamp,
      }),
      "One ledger entry; the sum of all entries is the balance.",
    ),
  ),
});

const batchUrls = {
  pollUrl: z.string().describe("`/v1/batch/<batchId>`."),
  resultsUrl: z.string().describe("`/v1/batch/<batchId>/results`."),
};

/** A batch (`GET /v1/batch/{batchId}`, `GET /v1/batches`, `DELETE`). */
export const batchResource = component(
  "Batch",
  z.object({
    batchId: z.string(),
    status: z.string().describe("`queued`, `running`, `completed` or `cancelled`."),
    label: z.string().nullable(),
    total: z.int().min(0),
    done: z.int().min(0),
    succeeded: z.int().min(0),
    failed: z.int().min(0),
    cancelled: z.int().min(0),
    creditsCharged: credits,
    estimatedMaxCredits: credits.nullable(),
    createdAt: timestamp,
    startedAt: timestamp.nullable(),
    completedAt: timestamp.nullable(),
    expiresAt: timestamp.describe("After it the batch answers 404 `batch_expired`."),
    webhookUrl: z.string().nullable(),
    ...batchUrls,
  }),
  "A batch: its counts, the credits its items charged so far, where to poll and page its results.",
);

/** `POST /v1/batch` (202). */
export const batchSubmitted = z.object({
  batchId: z.string(),
  status: z.string(),
  total: z.int().min(1),
  estimatedMaxCredits: credits.nullable(),
  label: z.string().nullable(),
  ...batchUrls,
  createdAt: timestamp,
  expiresAt: timestamp,
  webhookUrl: z.string().optional(),
  webhookSecret: z
    .string()
    .optional()
    .describe("`whsec_…`: verify the completion webhook with it. Shown once."),
});

export const batchPage = z.object({ ...pageFields, items: z.array(batchResource) });

/** `GET /v1/batch/{batchId}/results`. */
export const batchResultsPage = z.object({
  batchId: z.string(),
  status: z.string(),
  ...pageFields,
  items: z.array(
    component(
      "BatchItem",
      z.object({
        index: z.int().min(0),
        path: z.string(),
        params: z.record(z.string(), z.string()),
        status: z.string().describe("`queued`, `running`, `succeeded`, `failed` or `cancelled`."),
        httpStatus: z.int().nullable().describe("The status the same direct call would have answered."),
        data: z.unknown().optional().describe("The operation's `data` when it succeeded."),
        error: z.unknown().optional().describe("The error object when it failed."),
        credits,
        source: z.string().nullable(),
        cache: z.string().nullable(),
        finishedAt: timestamp.nullable(),
      }),
      "One call of a batch and its outcome.",
    ),
  ),
});

/** A monitor (`/v1/monitors…`, `POST /v1/history/track`). */
export const monitorResource = component(
  "Monitor",
  z.object({
    id: z.string(),
    kind: z
      .string()
      .describe("`items` (delivers new items to `webhookUrl`) or `track` (records history only)."),
    status: z.string().describe("`active`, `paused` or `disabled`."),
    statusReason: z.string().nullable(),
    operation: z.string(),
    path: z.string(),
    params: z.record(z.string(), z.string()),
    schedule: z.looseObject({
      every: z.string().optional(),
      cron: z.string().optional(),
      tz: z.string().optional(),
    }),
    webhookUrl: z.string().nullable(),
    description: z.string().nullable(),
    deliverInitial: z.boolean(),
    nextRunAt: timestamp.nullable(),
    lastRunAt: timestamp.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
    secret: z
      .string()
      .optional()
      .describe("`whsec_…` signing secret: only in the answers that create or rotate it."),
  }),
  "A monitor: what it re-runs, on which schedule, where it delivers. Never its secret except once.",
);

export const monitorPage = z.object({ ...pageFields, monitors: z.array(monitorResource) });

export const monitorRunPage = z.object({
  ...pageFields,
  runs: z.array(
    component(
      "MonitorRun",
      z.object({
        id: z.string(),
        status: z.string(),
        trigger: z.string(),
        startedAt: timestamp,
        finishedAt: timestamp.nullable(),
        itemsSeen: z.int().nullable(),
        newItems: z.int().nullable(),
        credits: credits.nullable(),
        error: z.object({ code: z.string(), message: z.string().nullable() }).nullable(),
        requestId: z.string().nullable(),
        deliveryId: z.string().nullable(),
      }),
      "One run of a monitor: its call's outcome and what it delivered.",
    ),
  ),
});

export const webhookDeliveryPage = z.object({
  ...pageFields,
  deliveries: z.array(
    component(
      "WebhookDelivery",
      z.object({
        id: z.string(),
        eventType: z.string(),
        webhookId: z.string().describe("The `webhook-id` header of every attempt and replay."),
        status: z.string(),
        url: z.string(),
        attemptCount: z.int().min(0),
        nextAttemptAt: timestamp.nullable(),
        failureReason: z.string().nullable(),
        createdAt: timestamp,
        completedAt: timestamp.nullable(),
        attempts: z.array(
          z.object({
            attempt: z.int(),
            replay: z.boolean(),
            startedAt: timestamp,
            statusCode: z.int().nullable(),
            durationMs: z.number().nullable(),
            error: z.string().nullable(),
            nextRetryAt: timestamp.nullable(),
          }),
        ),
        payload: z.unknown(),
      }),
      "A webhook delivery with its attempts.",
    ),
  ),
});

/** `GET /v1/history`. */
export const historyResource = component(
  "History",
  z.object({
    resource: z.looseObject({
      platform: z.string(),
      kind: z.string(),
      id: z.string().nullable(),
      url: z.string().nullable(),
    }),
    interval: z.string().describe("`raw`, `hour` or `day`."),
    from: timestamp.nullable(),
    to: timestamp.nullable(),
    series: z.array(
      z.object({
        metric: z.string(),
        points: z.array(z.object({ at: timestamp, value: z.number() })),
      }),
    ),
  }),
  "Stored metric time series of one resource.",
);
