import { component, isoDate, pageFields, timestamp } from "@sda/contract";
import { z } from "zod";

/**
 * The Account group's answers (the `data` of `GET /v1/account`, its usage, daily usage and ledger): declared here
 * beside the tables they read, documented in OpenAPI by the gateway's route docs and checked by `VALIDATE_RESPONSES`
 * like every platform answer.
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
