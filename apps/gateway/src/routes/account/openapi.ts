import {
  accountResource,
  dailyUsageQuerySchema,
  dailyUsageResource,
  ledgerPage,
  ledgerQuerySchema,
  usagePage,
  usageQuerySchema,
} from "@sda/core";
import type { ServiceRouteDoc } from "../service-docs.ts";

const FREE = "Free (0 credits). Only the key's own account is ever read.";
const RESPONSES = { "200": "the data", "400": "invalid query", "401": "key problem", "429": "rate limited" };

/** The OpenAPI descriptions of the Account group, from the same zod schemas the routes validate with. */
export const accountRouteDocs: ServiceRouteDoc[] = [
  {
    method: "get",
    path: "/v1/account",
    operationId: "getAccount",
    output: accountResource,
    tag: "Account",
    summary:
      "The account: email, plan limits, balance, reserved and available credits, creation time, calls and credits of the last 24 h",
    description: FREE,
    responses: RESPONSES,
  },
  {
    method: "get",
    path: "/v1/account/usage",
    operationId: "listUsage",
    output: usagePage,
    tag: "Account",
    summary:
      "The request log, newest first, cursor-paginated; filter by from/to (ISO 8601), operation, status",
    description: FREE,
    query: usageQuerySchema,
    responses: RESPONSES,
  },
  {
    method: "get",
    path: "/v1/account/usage/daily",
    operationId: "getDailyUsage",
    output: dailyUsageResource,
    tag: "Account",
    summary: "Calls, successful calls and credits per UTC day and operation",
    description: FREE,
    query: dailyUsageQuerySchema,
    responses: RESPONSES,
  },
  {
    method: "get",
    path: "/v1/account/ledger",
    operationId: "listLedgerEntries",
    output: ledgerPage,
    tag: "Account",
    summary: "Ledger entries (signed credits, balanceAfter), newest first; their sum is the balance",
    description: FREE,
    query: ledgerQuerySchema,
    responses: RESPONSES,
  },
];
