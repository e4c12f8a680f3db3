import {
  accountQuerySchema,
  accountResource,
  dailyUsageQuerySchema,
  dailyUsageResource,
  ledgerPage,
  ledgerQuerySchema,
  usagePage,
  usageQuerySchema,
} from "@sda/ledger";
import { freeAnswer } from "../../mcp/tool.ts";
import { defineRoute, type ServiceRoute } from "../define-route.ts";
import { accountSummary, getAccount } from "./get-account.ts";
import { getLedger } from "./ledger.ts";
import { getUsage } from "./usage.ts";
import { getDailyUsage } from "./usage-daily.ts";

const FREE = "Free (0 credits). Only the key's own account is ever read.";
const RESPONSES = { "200": "the data", "400": "invalid query", "401": "key problem", "429": "rate limited" };

/**
 * The Account group (free, key-authenticated): `GET /v1/account`, `/v1/account/usage`, `/v1/account/usage/daily` and
 * `/v1/account/ledger`, described by the same zod schemas the routes validate with. They only read, so the key's
 * rate-limit check runs alongside the route's reads (`admitAlongside`: one round trip at c=1 instead of two).
 */
export const accountRoutes: readonly ServiceRoute[] = [
  defineRoute({
    method: "get",
    path: "/v1/account",
    operationId: "getAccount",
    operation: "account.get",
    output: accountResource,
    tag: "Account",
    summary:
      "The account: email, plan limits, balance, reserved and available credits, creation time, calls and credits of the last 24 h",
    description: FREE,
    query: accountQuerySchema,
    responses: RESPONSES,
    admitAlongside: true,
    tool: {
      name: "account_balance",
      readOnly: true,
      run: async (ctx) => {
        const body = await accountSummary(ctx.deps, ctx.principal);
        return freeAnswer(body.data, body.source);
      },
    },
    handler: getAccount,
  }),
  defineRoute({
    method: "get",
    path: "/v1/account/usage",
    operationId: "listUsage",
    operation: "account.usage",
    output: usagePage,
    tag: "Account",
    summary:
      "The request log, newest first, cursor-paginated; filter by from/to (ISO 8601), operation, status",
    description: FREE,
    query: usageQuerySchema,
    responses: RESPONSES,
    admitAlongside: true,
    handler: getUsage,
  }),
  defineRoute({
    method: "get",
    path: "/v1/account/usage/daily",
    operationId: "getDailyUsage",
    operation: "account.usage-daily",
    output: dailyUsageResource,
    tag: "Account",
    summary: "Calls, successful calls and credits per UTC day and operation",
    description: FREE,
    query: dailyUsageQuerySchema,
    responses: RESPONSES,
    admitAlongside: true,
    handler: getDailyUsage,
  }),
  defineRoute({
    method: "get",
    path: "/v1/account/ledger",
    operationId: "listLedgerEntries",
    operation: "account.ledger",
    output: ledgerPage,
    tag: "Account",
    summary: "Ledger entries (signed credits, balanceAfter), newest first; their sum is the balance",
    description: FREE,
    query: ledgerQuerySchema,
    responses: RESPONSES,
    admitAlongside: true,
    handler: getLedger,
  }),
];
