import { ServiceError } from "@sda/core";
import type { accountQuerySchema, Principal } from "@sda/ledger";
import type { GatewayDeps } from "../../deps.ts";
import type { SuccessBody } from "../../respond.ts";
import type { RouteCall } from "../define-route.ts";
import { freePlan } from "./plan.ts";

const DAY_MS = 24 * 3600 * 1000;

/**
 * `GET /v1/account` (free): the key's account ({@link accountSummary}).
 * @throws ServiceError 400 for a query parameter (the route takes none).
 */
export function getAccount(deps: GatewayDeps) {
  return async (call: RouteCall<typeof accountQuerySchema>): Promise<SuccessBody> => {
    const principal = call.principal();
    call.query();
    return accountSummary(deps, principal);
  };
}

/**
 * The key's account (`GET /v1/account`, the MCP tool `account_balance`): its plan limits, balance, reserved and
 * available credits, and the calls (from the request log) and credits (from the charges) of the last 24 hours, all
 * read by one SQL statement (`ledger.accounts.summary`: balance and reserved from the same row, so `available` is
 * exact).
 * @throws ServiceError 401 `invalid_api_key` when the account was deleted since the key authenticated.
 */
export async function accountSummary(deps: GatewayDeps, principal: Principal): Promise<SuccessBody> {
  // Read your own writes: the calls this process still buffers for the account are added by the same statement (the
  // writer begins no batch meanwhile), instead of writing the buffer before every read; credits are the charges'.
  const account = await deps.ledger.accounts.summary(
    principal.accountId,
    new Date(Date.now() - DAY_MS),
    deps.requestLog,
  );
  // The key authenticated a moment ago; its account can only vanish if it was deleted in between.
  if (!account) throw new ServiceError("invalid_api_key", "this API key's account no longer exists");
  return {
    data: {
      accountId: account.id,
      keyId: principal.keyId,
      email: account.email,
      plan: freePlan(deps.config),
      balance: account.balance,
      // Credits held by calls in flight (reserved at the gateway, settled when they finish); new calls can use
      // `available = balance - reserved`.
      reserved: account.reserved,
      available: account.balance - account.reserved,
      createdAt: account.createdAt.toISOString(),
      usage24h: account.usage,
    },
    credits: 0,
    cache: "BYPASS",
    source: "ledger",
  } satisfies SuccessBody;
}
