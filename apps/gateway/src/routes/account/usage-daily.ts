import { dailyUsageQuerySchema, parseParams } from "@sda/core";
import type { Request, Response } from "express";
import type { GatewayDeps } from "../../deps.ts";
import { principalOf } from "../../middleware/auth.ts";
import type { SuccessBody } from "../../respond.ts";

/**
 * `GET /v1/account/usage/daily?days=30` (free): calls, successful calls and credits per UTC day and operation over
 * the last `days` days (1–366, today included), newest day first; days without calls are absent.
 */
export function getDailyUsage(deps: GatewayDeps) {
  return async (req: Request, res: Response): Promise<SuccessBody> => {
    const principal = principalOf(res);
    const query = parseParams(dailyUsageQuerySchema, req.query as Record<string, unknown>);
    // Read your own writes: this process's buffered rows of the account first (credits are the charges', committed).
    await deps.requestLog.flushAccount(principal.accountId);
    const days = await deps.ledger.usage.daily(principal.accountId, query.days);
    return {
      data: { days: query.days, usage: days, totalReturned: days.length },
      credits: 0,
      cache: "BYPASS",
      source: "ledger",
    } satisfies SuccessBody;
  };
}
